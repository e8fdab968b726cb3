/** The `capabilities.elicitation` of a client whose elicitations the broker answers: form and URL mode. */
export const BROKER_ELICITATION_CAPABILITY: { form: Record<string, never>; url: Record<string, never> } = Object.freeze({
  form: Object.freeze({}),
  url: Object.freeze({}),
})
