import { forwardRef, type AnchorHTMLAttributes, type MouseEvent } from 'react'
import { useTab } from '../workspace/tab-context'

interface Props extends AnchorHTMLAttributes<HTMLAnchorElement> {
  to: string
  replace?: boolean
}

/**
 * An anchor that navigates inside its tab (or the window outside the workspace). Ctrl/Cmd-click
 * opens a new tab of the pane, Shift-click a new pane to the right; middle-click and the context
 * menu keep the browser's own behaviour.
 */
export const Link = forwardRef<HTMLAnchorElement, Props>(function Link({ to, replace, onClick, ...rest }, ref) {
  const tab = useTab()
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (event.defaultPrevented || event.button !== 0 || event.altKey) return
    event.preventDefault()
    if (tab.tabId && (event.metaKey || event.ctrlKey)) tab.open(to, 'tab')
    else if (tab.tabId && event.shiftKey) tab.open(to, 'right')
    else tab.navigate(to, { replace })
  }
  return <a ref={ref} href={to} onClick={handleClick} {...rest} />
})
