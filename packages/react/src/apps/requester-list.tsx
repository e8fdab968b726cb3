import type { SamplingRequester } from '@mcp-hitl/core/apps'
import { isolateUntrusted } from '@mcp-hitl/core/internal'
import type { ReactNode } from 'react'
import { UntrustedText } from '../shared/untrusted-text'
import type { AppRequestLabels } from './app-request-labels'

/** Who asks, as a definition list: the app by its claim, the tool, the server. */
export function RequesterList({ requester, labels }: { requester: SamplingRequester; labels: AppRequestLabels }): ReactNode {
  if (!requester.appName && !requester.toolName && !requester.serverName) return null
  return (
    <dl data-part="requester">
      {requester.appName ? (
        <>
          <dt>{labels.requesterApp}</dt>
          <dd data-part="app-claim">{labels.appClaim(isolateUntrusted(requester.appName))}</dd>
        </>
      ) : null}
      {requester.toolName ? (
        <>
          <dt>{labels.requesterTool}</dt>
          <dd>
            <UntrustedText text={requester.toolName} singleLine />
          </dd>
        </>
      ) : null}
      {requester.serverName ? (
        <>
          <dt>{labels.requesterServer}</dt>
          <dd>{requester.serverName}</dd>
        </>
      ) : null}
    </dl>
  )
}
