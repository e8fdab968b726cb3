import { ariaDescribedByIds, enumOptionsIsSelected, optionId, type WidgetProps } from '@rjsf/utils'
import { useState } from 'react'
import type { KitFormContext } from './field-templates'
import { DEFAULT_ELICITATION_LABELS } from './labels'

/**
 * A long multi-select as a checkbox list with a filter box: filtering only hides options, so what was
 * chosen stays chosen; the count chosen is shown. Values keep the options' order.
 */
export function FilteredCheckboxList(props: WidgetProps) {
  const { id, options, value, onChange, onBlur, onFocus, disabled, readonly, label, schema, name, registry } = props
  const labels = (registry.formContext as KitFormContext | undefined)?.labels ?? DEFAULT_ELICITATION_LABELS
  const choices = options.enumOptions ?? []
  const chosen: unknown[] = Array.isArray(value) ? value : []
  const [query, setQuery] = useState('')
  const title = label || schema.title || name
  const needle = query.trim().toLocaleLowerCase()
  const matches = (text: string) => !needle || text.toLocaleLowerCase().includes(needle)
  const anyMatch = choices.some((choice) => matches(choice.label))
  const toggle = (choiceValue: unknown, on: boolean) => {
    const next = choices.filter((choice) => (choice.value === choiceValue ? on : enumOptionsIsSelected(choice.value, chosen)))
    onChange(next.map((choice) => choice.value))
  }
  return (
    <div data-part="choice-list">
      <input
        type="search"
        data-part="choice-filter"
        aria-label={labels.filterOptions(title)}
        value={query}
        disabled={disabled}
        onChange={(event) => setQuery(event.target.value)}
      />
      {/* biome-ignore lint/a11y/useSemanticElements: named like the RJSF groups beside it (LabelledCheckboxesWidget); the field template draws the visible label */}
      <div id={id} role="group" aria-label={title} data-part="choice-group">
        {choices.map((choice, index) => (
          <label key={String(choice.value)} hidden={!matches(choice.label)} data-part="choice">
            <input
              type="checkbox"
              id={optionId(id, index)}
              name={id}
              checked={enumOptionsIsSelected(choice.value, chosen)}
              disabled={disabled || readonly}
              aria-describedby={ariaDescribedByIds(id)}
              onChange={(event) => toggle(choice.value, event.target.checked)}
              onBlur={() => onBlur(id, chosen)}
              onFocus={() => onFocus(id, chosen)}
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
      {!anyMatch && (
        <p data-part="choice-none" role="status">
          {labels.noOptionMatches(query.trim())}
        </p>
      )}
      <p data-part="choice-count">{labels.selectedCount(chosen.length)}</p>
    </div>
  )
}
