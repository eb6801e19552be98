import { useEffect, useState } from 'react'
import { Button } from '@radix-ui/themes'
import { ChatBubbleIcon } from '@radix-ui/react-icons'
import { useSnapshot } from 'valtio'
import { workspace } from '../workspace/store'
import { currentPath } from '../workspace/layout'
import { shellActions } from './ui-state'

export const SUPPORT_WIDGET_MIN_WIDTH = 700
const HIDDEN_ON = [/^\/uploader\/edit\/[^/]+$/]

function useWideEnough() {
  const [wide, setWide] = useState(() => window.innerWidth > SUPPORT_WIDGET_MIN_WIDTH)
  useEffect(() => {
    const onResize = () => setWide(window.innerWidth > SUPPORT_WIDGET_MIN_WIDTH)
    window.addEventListener('resize', onResize)
    return () => window.removeEventListener('resize', onResize)
  }, [])
  return wide
}

/** The floating support button: hidden while editing a release in the uploader and on narrow windows (spec). */
export function SupportWidget() {
  const snap = useSnapshot(workspace)
  const wide = useWideEnough()
  const tab = snap.state.tabs[snap.state.focusedTab]
  const path = tab ? currentPath(tab).split('?')[0] : ''
  if (!wide || HIDDEN_ON.some((pattern) => pattern.test(path))) return null
  return (
    <Button
      className="wl-support-widget"
      radius="full"
      size="3"
      onClick={() => shellActions.open('sendMessage')}
      aria-label="Support: send a message"
    >
      <ChatBubbleIcon /> Support
    </Button>
  )
}
