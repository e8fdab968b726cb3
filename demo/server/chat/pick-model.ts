/**
 * Which model the chat uses: the offline scripted model by default, or OpenAI when
 * `OPENAI_API_KEY` is set (model from `OPENAI_MODEL`, default `gpt-4o-mini`). Any AI SDK provider
 * works the same way: install it and return its model here.
 */
import type { LanguageModel } from 'ai'
import { createScriptedModel } from './scripted-model'

/** The model and a label for the startup banner. */
export async function pickModel(env: NodeJS.ProcessEnv = process.env): Promise<{ model: LanguageModel; label: string }> {
  if (env.OPENAI_API_KEY) {
    const { openai } = await import('@ai-sdk/openai')
    const id = env.OPENAI_MODEL ?? 'gpt-4o-mini'
    return { model: openai(id), label: `OpenAI ${id}` }
  }
  return { model: createScriptedModel(), label: 'offline scripted model (set OPENAI_API_KEY for a real one)' }
}
