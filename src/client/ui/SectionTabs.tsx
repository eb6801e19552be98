import type { ReactNode } from 'react'
import { Box, Tabs } from '@radix-ui/themes'
import { useTab } from '../workspace/tab-context'

export interface SectionDef<Id extends string> {
  id: Id
  label: string
}

/** The open section of a record tab, from `?section=`; the first section when absent or unknown. */
export function sectionOf<Id extends string>(sections: readonly SectionDef<Id>[], search: URLSearchParams): Id {
  const asked = search.get('section')
  return sections.find((section) => section.id === asked)?.id ?? sections[0].id
}

/**
 * A record tab's sections (account, release): the open one lives in the tab's address as
 * `?section=`, left out for the first, so it survives reloads and shows in the pane's history.
 * `count` adds "(n)" to a section's label where it answers a number.
 */
export function SectionTabs<Id extends string>({
  sections,
  value,
  count,
  children,
}: {
  sections: readonly SectionDef<Id>[]
  value: Id
  count?(id: Id): number | null
  children: ReactNode
}) {
  const tab = useTab()
  // One set of tabs per record: a tab that moves to another record of the same kind (a record opened
  // from the palette into it) draws them afresh. Kept, the old record's focused section trigger took the
  // keyboard back when the palette closed, and Radix's activation on focus opened that section on the
  // new record (its address gained the old `?section=`).
  const record = tab.path.split('?')[0]
  return (
    <Tabs.Root key={record} value={value} onValueChange={(next) => tab.setSearch({ section: next === sections[0].id ? null : next }, { replace: true })}>
      <Tabs.List wrap="wrap">
        {sections.map((section) => {
          const n = count?.(section.id) ?? null
          return (
            <Tabs.Trigger key={section.id} value={section.id}>
              {section.label}
              {n !== null && ` (${n})`}
            </Tabs.Trigger>
          )
        })}
      </Tabs.List>
      <Box pt="4">{children}</Box>
    </Tabs.Root>
  )
}
