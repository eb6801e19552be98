import type { ComponentProps } from 'react'
import { Table, VisuallyHidden } from '@radix-ui/themes'

/**
 * A Radix table with an accessible name. Table.Root puts its props on a scroll wrapper, so an
 * aria-label there would not name the table; a visually hidden caption does.
 */
export function NamedTable({ label, children, ...props }: ComponentProps<typeof Table.Root> & { label: string }) {
  return (
    <Table.Root {...props}>
      <VisuallyHidden asChild>
        <caption>{label}</caption>
      </VisuallyHidden>
      {children}
    </Table.Root>
  )
}
