import CheckboxesWidget from '@rjsf/core/lib/components/widgets/CheckboxesWidget.js'
import RadioWidget from '@rjsf/core/lib/components/widgets/RadioWidget.js'
import type { WidgetProps } from '@rjsf/utils'
import { type ComponentType, useLayoutEffect, useRef } from 'react'
import { FilteredCheckboxList } from './filtered-checkbox-list'

/**
 * RJSF's default radio and checkbox groups render a `<div id>` that the field's `<label for>` points
 * at; a label cannot name a div, so screen readers announce the group without its question. These
 * wrappers name the group after the field's label (role `radiogroup` / `group` with `aria-label`).
 * RJSF owns the div, so the attributes are set on it after render rather than forked into a copy.
 */
function labelledGroup(Widget: ComponentType<WidgetProps>, role: 'radiogroup' | 'group') {
  return function LabelledGroup(props: WidgetProps) {
    const ref = useRef<HTMLDivElement>(null)
    const name = props.label || props.schema.title || props.name
    useLayoutEffect(() => {
      const group = ref.current?.firstElementChild
      if (!group) return
      group.setAttribute('role', role)
      if (name) group.setAttribute('aria-label', name)
    })
    return (
      <div ref={ref} data-part="choice-group">
        <Widget {...props} />
      </div>
    )
  }
}

/** Radio group named after its field. */
export const LabelledRadioWidget = labelledGroup(RadioWidget, 'radiogroup')
const LabelledCheckboxes = labelledGroup(CheckboxesWidget, 'group')

/** Checkbox group named after its field; with `ui:options.filter` (a long list), filterable. */
export function LabelledCheckboxesWidget(props: WidgetProps) {
  return props.options.filter ? <FilteredCheckboxList {...props} /> : <LabelledCheckboxes {...props} />
}
