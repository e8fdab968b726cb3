/**
 * @mcp-hitl/core/internal: what `@mcp-hitl/react` (and other first-party bindings) need from core
 * and applications do not. No semver promise: names here may change in any release.
 */

// Consent: when a consent control's activation counts, and what an app's asking again costs
export { CONSENT_ACTIVATION_DELAY_MS, createActivationGuard } from './consent/activation-guard'
export type { ActivationGuard, ActivationGuardOptions } from './consent/activation-guard'
export { createRequestPacer, PacerRefusedError } from './consent/request-pacer'
export type { PacerRefusal, PacerTurn, RequestPacer, RequestPacerOptions } from './consent/request-pacer'
export { isolateUntrusted, revealHiddenCharacters } from './consent/reveal-hidden-characters'
export type { RevealOptions } from './consent/reveal-hidden-characters'
