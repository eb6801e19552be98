import { forwardRef, type AnchorHTMLAttributes, type MouseEvent } from 'react'
import { navigate } from './navigation'

interface Props extends AnchorHTMLAttributes<HTMLAnchorElement> {
  to: string
  replace?: boolean
}

/** An anchor that navigates in-app; modified clicks (new tab, etc.) keep the browser's behaviour. */
export const Link = forwardRef<HTMLAnchorElement, Props>(function Link({ to, replace, onClick, ...rest }, ref) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    navigate(to, { replace })
  }
  return <a ref={ref} href={to} onClick={handleClick} {...rest} />
})
