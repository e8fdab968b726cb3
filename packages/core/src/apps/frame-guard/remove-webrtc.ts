import { defineProperty, test } from './captured'

/**
 * No CSP directive governs WebRTC in Chromium (`webrtc` is not implemented): the constructors
 * (`RTCPeerConnection` and every `RTC*` interface) go, for good.
 */
export function removeWebRtc(names: string[]): void {
  for (let i = 0; i < names.length; i++) {
    if (!test(/^(webkit)?RTC/, names[i] as string)) continue
    try {
      defineProperty(window, names[i] as string, { value: undefined, writable: false, configurable: false, enumerable: false })
    } catch {}
  }
}
