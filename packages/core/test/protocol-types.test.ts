/** The kit's protocol types against the MCP TypeScript SDK's zod schemas, checked by the type checker and at run time. */
import {
  type ElicitRequestFormParamsSchema,
  type ElicitRequestURLParamsSchema,
  ElicitResultSchema,
  type PrimitiveSchemaDefinitionSchema,
} from '@modelcontextprotocol/sdk/types.js'
import { describe, expect, expectTypeOf, it } from 'vitest'
import type { z } from 'zod'
import type {
  ElicitContent,
  ElicitRequestFormParams,
  ElicitRequestURLParams,
  ElicitResult,
  PrimitiveSchemaDefinition,
} from '../src/elicitation/protocol'

type SdkForm = z.infer<typeof ElicitRequestFormParamsSchema>
type SdkUrl = z.infer<typeof ElicitRequestURLParamsSchema>
type SdkField = z.infer<typeof PrimitiveSchemaDefinitionSchema>
type SdkResult = z.infer<typeof ElicitResultSchema>

describe('protocol types match @modelcontextprotocol/sdk', () => {
  // Structural: the kit's extras (pattern, writeOnly) are extra keys, which the SDK's zod objects strip.
  it('every kit field schema is an SDK field schema', () => {
    expectTypeOf<PrimitiveSchemaDefinition>().toExtend<SdkField>()
    expectTypeOf<{ type: 'string'; format: 'password' }>().not.toExtend<SdkField>()
  })

  it('kit request params are SDK request params', () => {
    expectTypeOf<ElicitRequestFormParams['requestedSchema']>().toExtend<SdkForm['requestedSchema']>()
    expectTypeOf<Pick<ElicitRequestURLParams, 'mode' | 'message' | 'url' | 'elicitationId'>>().toExtend<
      Pick<SdkUrl, 'mode' | 'message' | 'url' | 'elicitationId'>
    >()
  })

  it('SDK results fit the kit result and back', () => {
    expectTypeOf<NonNullable<SdkResult['content']>[string]>().toExtend<ElicitContent[string] | undefined>()
    expectTypeOf<ElicitResult['action']>().toEqualTypeOf<SdkResult['action']>()
    const result: ElicitResult = { action: 'accept', content: { a: 'x', b: 1, c: true, d: ['x'] } }
    expect(ElicitResultSchema.parse(result)).toEqual(result)
  })
})
