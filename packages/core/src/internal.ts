/**
 * @mcp-hitl/core/internal: what `@mcp-hitl/react` (and other first-party bindings) need from core
 * and applications do not. No semver promise: names here may change in any release.
 */

// Consent: when a consent control's activation counts, and what an app's asking again costs
export { CONSENT_ACTIVATION_DELAY_MS, createActivationGuard } from './consent/activation-guard'
export type { ActivationGuard, ActivationGuardOptions } from './consent/activation-guard'
export { createRequestPacer, PacerRefusedError } from './consent/request-pacer'
export type { PacerRefusal, PacerTurn, RequestPacer, RequestPacerOptions } from './consent/request-pacer'

// Elicitation: constraints of a field that no answer meets (the form's hint says to leave it empty)
export { findFieldConflict } from './elicitation/find-field-conflict'
export type { FieldConflict } from './elicitation/find-field-conflict'

// Who asks: the host's name for a server apart from its claims, and a server's words made safe to quote inline
export { hostServerName, readElicitationIdentity } from './elicitation/elicitation-identity'
export type { ElicitationIdentity } from './elicitation/elicitation-identity'
export { isolateUntrusted, revealHiddenCharacters } from './consent/reveal-hidden-characters'
export type { RevealOptions } from './consent/reveal-hidden-characters'
