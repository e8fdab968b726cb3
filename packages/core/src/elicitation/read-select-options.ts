/**
 * Reads the option list of a select field: a single select (`enum`, titled `oneOf`, legacy `enum` +
 * `enumNames`) or a multi-select (`items` with `enum`, or titled `items.anyOf`). Part of
 * `parseRequestedSchema`; issues say what is wrong and how to write the options instead.
 */
import { isRecord } from '../guards'
import type { TitledOption } from './protocol'
import { describeValue, type SchemaIssues } from './schema-issues'

type Json = Record<string, unknown>

/** Where an option list lives: a plain `enum` of strings, or titled `{ const, title }` options. */
type OptionKeyword = 'enum' | 'oneOf' | 'anyOf'

const MULTI_SELECT_SHAPE = '"items": { "type": "string", "enum": [...] } or "items": { "anyOf": [{ "const", "title" }, ...] }'

/**
 * Reads `holder[keyword]` into `into[keyword]` (titled options keep only `const` and `title`);
 * returns the option values, or undefined after reporting each malformed option.
 */
function readOptionList(holder: Json, keyword: OptionKeyword, at: string, name: string, into: Json, issues: SchemaIssues): string[] | undefined {
  const list = holder[keyword]
  const listAt = `${at}/${keyword}`
  const titled = keyword !== 'enum'
  const shape = titled ? 'objects { "const": "value", "title": "Label" }' : 'strings'
  if (!Array.isArray(list) || list.length === 0) {
    issues.add(listAt, `"${keyword}" of ${name} must be a non-empty array of ${shape}, got ${describeValue(list)}.`)
    return undefined
  }
  const values: string[] = []
  let malformed = false
  list.forEach((option: unknown, index: number) => {
    const optionAt = `${listAt}/${index}`
    const subject = `Option ${index} of ${name}`
    if (titled && !isRecord(option)) {
      issues.add(optionAt, `${subject} must be an object { "const": "value", "title": "Label" }, got ${describeValue(option)}.`)
      malformed = true
      return
    }
    const value = titled ? (option as Json).const : option
    const valueAt = titled ? `${optionAt}/const` : optionAt
    if (typeof value !== 'string') {
      issues.add(valueAt, `${subject} must be a string value, got ${describeValue(value)}; elicitation options are strings.`)
      malformed = true
    } else if (values.includes(value)) {
      issues.add(valueAt, `${subject} repeats ${JSON.stringify(value)}; list each value once.`)
      malformed = true
    } else {
      values.push(value)
      if (titled && typeof (option as Json).title !== 'string') {
        issues.add(`${optionAt}/title`, `${subject} needs a string "title", the label the user sees.`)
        malformed = true
      }
    }
  })
  if (malformed) return undefined
  into[keyword] = titled ? (list as TitledOption[]).map((option) => ({ const: option.const, title: option.title })) : values
  return values
}

function readMultiSelect(node: Json, at: string, name: string, field: Json, issues: SchemaIssues): string[] | undefined {
  const items = node.items
  const itemsAt = `${at}/items`
  if (!isRecord(items)) {
    issues.add(itemsAt, `${name} is an array, so it must be a multi-select: ${MULTI_SELECT_SHAPE}.`)
    return undefined
  }
  if (items.anyOf !== undefined) {
    const titledItems: Json = {}
    field.items = titledItems
    return readOptionList(items, 'anyOf', itemsAt, name, titledItems, issues)
  }
  if (items.oneOf !== undefined) {
    issues.add(`${itemsAt}/oneOf`, `${name} lists its options in "items.oneOf"; a multi-select uses "items.anyOf" with the same { "const", "title" } options.`)
    return undefined
  }
  if (items.type !== 'string') {
    issues.add(`${itemsAt}/type`, `${name} is an array of ${describeValue(items.type)}; only multi-selects of strings are supported: ${MULTI_SELECT_SHAPE}.`)
    return undefined
  }
  if (items.enum === undefined) {
    issues.add(itemsAt, `${name} is a free list of strings; an array must be a multi-select with options: ${MULTI_SELECT_SHAPE}.`)
    return undefined
  }
  const plainItems: Json = { type: 'string' }
  field.items = plainItems
  return readOptionList(items, 'enum', itemsAt, name, plainItems, issues)
}

function readSingleSelect(node: Json, at: string, name: string, field: Json, issues: SchemaIssues): string[] | undefined {
  if (node.oneOf !== undefined) {
    if (node.enum !== undefined) {
      issues.add(`${at}/oneOf`, `${name} has both "enum" and "oneOf"; keep one: "oneOf" for labelled options, "enum" for plain ones.`)
      return undefined
    }
    return readOptionList(node, 'oneOf', at, name, field, issues)
  }
  const labels = node.enumNames
  if (labels !== undefined) {
    const labelsAt = `${at}/enumNames`
    if (!Array.isArray(node.enum)) {
      issues.add(labelsAt, `${name} has "enumNames" without "enum"; the labels have no values to name, so add the "enum" values.`)
    } else if (!Array.isArray(labels) || labels.some((label) => typeof label !== 'string')) {
      issues.add(labelsAt, `"enumNames" of ${name} must be an array of strings, one label per "enum" value.`)
    } else if (labels.length !== node.enum.length) {
      issues.add(labelsAt, `${name} has ${labels.length} "enumNames" for ${node.enum.length} "enum" values; they must pair up one to one.`)
    } else field.enumNames = [...labels]
  }
  if (node.enum === undefined) return undefined
  return readOptionList(node, 'enum', at, name, field, issues)
}

/**
 * Reads the options of the select `node` (a string single select or an array multi-select) into
 * `field`; returns the option values, or undefined when they are missing or malformed (reported).
 */
export function readSelectOptions(node: Json, type: 'string' | 'array', at: string, name: string, field: Json, issues: SchemaIssues): string[] | undefined {
  return type === 'array' ? readMultiSelect(node, at, name, field, issues) : readSingleSelect(node, at, name, field, issues)
}
