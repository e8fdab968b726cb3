/**
 * Reads the option list of a select field: a single select (`enum`, titled `oneOf`, legacy `enum` +
 * `enumNames`) or a multi-select (`items` with `enum`, or titled `items.anyOf`). Part of
 * `parseRequestedSchema`; issues say what is wrong and how to write the options instead.
 *
 * Flaws that only touch labels or repeat a value are worked around, since every answer the form can
 * then give is one the server's options allow: a repeated value is offered once, a titled option
 * without a string title is labelled with its value, `enumNames` that do not pair up with `enum` are
 * ignored (the values are their own labels), and a multi-select's `items.oneOf` is read as the
 * `items.anyOf` it means (each chosen item is one of the consts either way).
 */
import { isRecord } from '../guards'
import type { TitledOption } from './protocol'
import { describeValue, type SchemaIssues } from './schema-issues'

type Json = Record<string, unknown>

/** Where an option list lives: a plain `enum` of strings, or titled `{ const, title }` options. */
type OptionKeyword = 'enum' | 'oneOf' | 'anyOf'

const MULTI_SELECT_SHAPE = '"items": { "type": "string", "enum": [...] } or "items": { "anyOf": [{ "const", "title" }, ...] }'

/**
 * Reads `holder[keyword]` into `into[as]` (titled options keep only `const` and `title`); returns
 * the option values, each once, or undefined after reporting each option that is not a string.
 */
function readOptionList(
  holder: Json,
  keyword: OptionKeyword,
  at: string,
  name: string,
  into: Json,
  issues: SchemaIssues,
  as: OptionKeyword = keyword,
): string[] | undefined {
  const list = holder[keyword]
  const listAt = `${at}/${keyword}`
  const titled = keyword !== 'enum'
  const shape = titled ? 'objects { "const": "value", "title": "Label" }' : 'strings'
  if (!Array.isArray(list) || list.length === 0) {
    issues.add(listAt, `"${keyword}" of ${name} must be a non-empty array of ${shape}, got ${describeValue(list)}.`)
    return undefined
  }
  const values: string[] = []
  const options: TitledOption[] = []
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
      issues.adjust(valueAt, `${subject} repeats ${JSON.stringify(value)}; it is offered once. List each value once.`)
    } else {
      values.push(value)
      if (!titled) return
      const title = (option as Json).title
      if (typeof title !== 'string') {
        issues.adjust(`${optionAt}/title`, `${subject} needs a string "title", the label the user sees; it is labelled with its value ${JSON.stringify(value)}.`)
      }
      options.push({ const: value, title: typeof title === 'string' ? title : value })
    }
  })
  if (malformed) return undefined
  into[as] = titled ? options : values
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
    issues.adjust(`${itemsAt}/oneOf`, `${name} lists its options in "items.oneOf"; it is read as "items.anyOf", which a multi-select uses with the same { "const", "title" } options.`)
    const titledItems: Json = {}
    field.items = titledItems
    return readOptionList(items, 'oneOf', itemsAt, name, titledItems, issues, 'anyOf')
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

/** The `enumNames` labels of `node`, one per value of `values`, or undefined (after noting why) when they do not pair up with `enum`. */
function readEnumNames(node: Json, values: string[], at: string, name: string, issues: SchemaIssues): string[] | undefined {
  const labels = node.enumNames
  const labelsAt = `${at}/enumNames`
  const ignored = 'they are ignored, so each value is its own label'
  if (!Array.isArray(labels) || labels.some((label) => typeof label !== 'string')) {
    issues.adjust(labelsAt, `"enumNames" of ${name} must be an array of strings, one label per "enum" value; ${ignored}.`)
    return undefined
  }
  const raw = node.enum as unknown[]
  if (labels.length !== raw.length) {
    issues.adjust(labelsAt, `${name} has ${labels.length} "enumNames" for ${raw.length} "enum" values; ${ignored}. Pair them up one to one.`)
    return undefined
  }
  // A repeated value was offered once, with the label of its first place.
  return values.map((value) => labels[raw.indexOf(value)] as string)
}

function readSingleSelect(node: Json, at: string, name: string, field: Json, issues: SchemaIssues): string[] | undefined {
  if (node.oneOf !== undefined) {
    if (node.enum !== undefined) {
      issues.add(`${at}/oneOf`, `${name} has both "enum" and "oneOf"; keep one: "oneOf" for labelled options, "enum" for plain ones.`)
      return undefined
    }
    return readOptionList(node, 'oneOf', at, name, field, issues)
  }
  if (node.enum === undefined) {
    if (node.enumNames !== undefined) {
      issues.adjust(`${at}/enumNames`, `${name} has "enumNames" without "enum"; the labels have no values to name, so they are ignored and the field is free text. Add the "enum" values.`)
    }
    return undefined
  }
  const values = readOptionList(node, 'enum', at, name, field, issues)
  if (values && node.enumNames !== undefined) {
    const labels = readEnumNames(node, values, at, name, issues)
    if (labels) field.enumNames = labels
  }
  return values
}

/**
 * Reads the options of the select `node` (a string single select or an array multi-select) into
 * `field`; returns the option values, or undefined when they are missing or malformed (reported).
 */
export function readSelectOptions(node: Json, type: 'string' | 'array', at: string, name: string, field: Json, issues: SchemaIssues): string[] | undefined {
  return type === 'array' ? readMultiSelect(node, at, name, field, issues) : readSingleSelect(node, at, name, field, issues)
}
