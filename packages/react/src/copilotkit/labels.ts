import type { ElicitAction, ElicitationStatus } from '@mcp-hitl/core'

/** Every text the elicitation activity card shows once its form is not on screen. */
export interface ElicitationActivityLabels {
  /**
   * The card of a request that is settled, or pending in the dialog; `serverName` is the asker,
   * `action` the answer the server got (`decline` when the kit declined for the person a request
   * no form could satisfy).
   */
  status: (status: ElicitationStatus, serverName: string | undefined, reason: string | undefined, action?: ElicitAction) => string
}

/** English defaults. */
export const DEFAULT_ELICITATION_ACTIVITY_LABELS: ElicitationActivityLabels = {
  status: (status, serverName, reason, action) => {
    const server = serverName ?? 'The server'
    switch (status) {
      case 'pending':
        return `${server} is waiting for your answer.`
      case 'accepted':
        return `You answered ${serverName ?? 'the server'}.`
      case 'completed':
        return `You finished the step ${serverName ?? 'the server'} asked for.`
      case 'declined':
        return `You declined ${serverName ?? 'the server'}’s request.`
      case 'cancelled':
        return `The request from ${serverName ?? 'the server'} was cancelled.`
      case 'expired':
        return `The request from ${serverName ?? 'the server'} expired.`
      case 'withdrawn':
        return `${server} stopped waiting for an answer. Nothing was shared.`
      case 'failed': {
        const shown = `The request from ${serverName ?? 'the server'} could not be shown${action === 'decline' ? ', so it was declined for you' : ''}`
        return reason ? `${shown}: ${reason}` : `${shown}.`
      }
    }
  },
}
