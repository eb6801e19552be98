import { useEffect, useState } from 'react'
import { Button, Flex } from '@radix-ui/themes'
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

/**
 * The support button: hidden while editing a release in the uploader and on narrow windows (spec).
 * It sits in a strip of its own under the workspace rather than floating over it, where it hid the
 * last column of every grid and the bottom rows of a tab.
 */
export function SupportWidget() {
  const snap = useSnapshot(workspace)
  const wide = useWideEnough()
  const tab = snap.state.tabs[snap.state.focusedTab]
  const path = tab ? currentPath(tab).split('?')[0] : ''
  if (!wide || HIDDEN_ON.some((pattern) => pattern.test(path))) return null
  return (
    <Flex justify="end" align="center" px="3" className="wl-support-strip" role="complementary" aria-label="Support">
      <Button radius="full" size="1" onClick={() => shellActions.open('sendMessage')} aria-label="Support: send a message">
        <ChatBubbleIcon /> Support
      </Button>
    </Flex>
  )
}
