import type { ReactNode } from 'react'
import { Link as ThemedLink } from '@radix-ui/themes'
import { Link } from '@client/routing/Link'

/** A workspace link (see routing/Link: Ctrl/⌘-click a new tab, Shift-click a pane to the right) in the theme's link style. */
export function RecordLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <ThemedLink asChild>
      <Link to={to}>{children}</Link>
    </ThemedLink>
  )
}
