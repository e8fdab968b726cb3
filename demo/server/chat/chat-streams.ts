/**
 * Resumable chat streams (the AI SDK's "resume streams" recipe): every chat turn's SSE is also kept
 * by `resumable-stream`, so a page that reloads mid-turn (while a form is open, say) gets the same
 * turn again from its start through `GET /api/chat/:id/stream` and sees the tool's result and the
 * assistant's reply when they come. Offline by default (an in-process pub/sub); with `REDIS_URL`
 * the streams live in Redis, so a replica other than the one running the turn can resume it.
 */
import { createClient } from 'redis'
import { createResumableStreamContext, type Publisher, type Subscriber } from 'resumable-stream/generic'
import { createMemoryPubSub } from './memory-pub-sub'

/** Keeps and replays chat turns by stream id. */
export interface ChatStreams {
  /** Where turns are kept: `memory` or `redis`. */
  readonly kind: 'memory' | 'redis'
  /** Starts keeping `sse` (the turn's copy from `consumeSseStream`); resolves once it can be resumed. */
  keep(streamId: string, sse: ReadableStream<string>): Promise<void>
  /** The kept turn from its start, live until it ends; `undefined` once it ended or when unknown. */
  resume(streamId: string): Promise<ReadableStream<string> | undefined>
  close(): Promise<void>
}

/** Options of {@link createChatStreams}. */
export interface ChatStreamsOptions {
  /** A Redis URL (`redis://…`); without it the streams are kept in this process. */
  redisUrl?: string
  /** Key prefix in Redis. Default `mcp-hitl-demo`. */
  keyPrefix?: string
}

/** Creates the stream keeper; with `redisUrl`, connects to Redis first (and rejects when it cannot). */
export async function createChatStreams(options: ChatStreamsOptions = {}): Promise<ChatStreams> {
  if (!options.redisUrl) return createMemoryChatStreams(options)
  {
    const commands = createClient({ url: options.redisUrl })
    const listener = createClient({ url: options.redisUrl })
    for (const client of [commands, listener]) client.on('error', (error: unknown) => console.error('Redis (chat streams):', error))
    await Promise.all([commands.connect(), listener.connect()])
    const subscriber: Subscriber = {
      connect: async () => undefined,
      subscribe: (channel, callback) => listener.subscribe(channel, (message) => callback(message)),
      unsubscribe: (channel) => listener.unsubscribe(channel),
    }
    return keeper('redis', commands, subscriber, options, async () => {
      await Promise.all([commands.close(), listener.close()])
    })
  }
}

/** The offline stream keeper: turns are kept in this process (one replica). */
export function createMemoryChatStreams(options: Omit<ChatStreamsOptions, 'redisUrl'> = {}): ChatStreams {
  const { publisher, subscriber } = createMemoryPubSub()
  return keeper('memory', publisher, subscriber, options, async () => {})
}

function keeper(
  kind: ChatStreams['kind'],
  publisher: Publisher,
  subscriber: Subscriber,
  options: ChatStreamsOptions,
  close: () => Promise<void>,
): ChatStreams {
  // A long-lived server: nothing to keep alive past a request, so no waitUntil.
  const context = createResumableStreamContext({ waitUntil: null, publisher, subscriber, keyPrefix: options.keyPrefix ?? 'mcp-hitl-demo' })
  return {
    kind,
    async keep(streamId, sse) {
      const kept = await context.createNewResumableStream(streamId, () => sse)
      // The producer reads the turn to its end whoever listens; this copy is not needed.
      void kept?.cancel().catch(() => {})
    },
    async resume(streamId) {
      return (await context.resumeExistingStream(streamId)) ?? undefined
    },
    close,
  }
}
