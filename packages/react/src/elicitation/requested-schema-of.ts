import type { RequestedSchema } from '@mcp-hitl/core'

// Form schema object -> the requested schema it was built from, so the eval-free validator can use
// core's content validator on exactly what the server asked, whatever shape the RJSF schema has.
const origins = new WeakMap<object, RequestedSchema>()

/** Remembers which requested schema an RJSF form schema came from. */
export function rememberRequestedSchema(formSchema: object, requested: RequestedSchema): void {
  origins.set(formSchema, requested)
}

/** The requested schema an RJSF form schema was built from, if the kit built it. */
export function requestedSchemaOf(formSchema: object): RequestedSchema | undefined {
  return origins.get(formSchema)
}
