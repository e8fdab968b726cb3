/**
 * The compiled guard's body (scripts/build-frame-guard.ts wraps it as `function guard(config)`):
 * `guard` and `config` are that function's name and parameter, not globals.
 */
import { type FrameGuardConfig, runFrameGuard } from './frame-guard'

declare function guard(config: FrameGuardConfig): void
declare const config: FrameGuardConfig

runFrameGuard(config, Function.prototype.toString.call(guard), Object.getOwnPropertyNames(window))
