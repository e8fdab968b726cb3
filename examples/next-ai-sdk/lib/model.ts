import { openai } from '@ai-sdk/openai'
import type { LanguageModel } from 'ai'
import { createScriptedModel } from './scripted-model'

/** OpenAI when `OPENAI_API_KEY` is set; otherwise the offline model, so the example runs without a key. */
export const model: LanguageModel = process.env.OPENAI_API_KEY ? openai('gpt-4.1-mini') : createScriptedModel()
