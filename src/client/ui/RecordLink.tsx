import type { ReactNode } from 'react'
import { Link } from '@radix-ui/themes'
import { workspaceActions } from '@client/workspace/store'

/**
 * A link to a record inside the workspace: a click opens it in the focused pane, Ctrl/⌘-click in
 * a new tab, Shift-click in a pane to the right. It stays a real link (copy, open in a new window).
 */
export function RecordLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      href={to}
      onClick={(event) => {
        if (event.altKey || event.button !== 0) return
        event.preventDefault()
        workspaceActions.open(to, event.ctrlKey || event.metaKey ? 'tab' : event.shiftKey ? 'right' : 'focused')
      }}
    >
      {children}
    </Link>
  )
}
