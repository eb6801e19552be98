import { Callout, Flex, IconButton } from '@radix-ui/themes'
import { CheckCircledIcon, Cross2Icon, ExclamationTriangleIcon, InfoCircledIcon } from '@radix-ui/react-icons'
import { useSnapshot } from 'valtio'
import { dismissNotice, noticeState, type NoticeTone } from './notices'

const COLOR: Record<NoticeTone, 'green' | 'blue' | 'red'> = { success: 'green', info: 'blue', error: 'red' }
const ICON: Record<NoticeTone, typeof InfoCircledIcon> = {
  success: CheckCircledIcon,
  info: InfoCircledIcon,
  error: ExclamationTriangleIcon,
}

/** The notices of `showNotice`, stacked at the bottom right and read out politely. Mounted once by the shell. */
export function Notices() {
  const { items } = useSnapshot(noticeState)
  return (
    <Flex
      direction="column"
      gap="2"
      role="status"
      aria-live="polite"
      style={{ position: 'fixed', right: 16, bottom: 16, zIndex: 1000, maxWidth: 420, pointerEvents: 'none' }}
    >
      {items.map((notice) => {
        const Icon = ICON[notice.tone]
        return (
          <Callout.Root
            key={notice.id}
            color={COLOR[notice.tone]}
            variant="surface"
            data-tone={notice.tone}
            style={{ pointerEvents: 'auto', background: 'var(--color-panel-solid)', boxShadow: 'var(--shadow-4)' }}
          >
            <Callout.Icon>
              <Icon />
            </Callout.Icon>
            <Flex align="start" gap="3" justify="between">
              <Callout.Text>{notice.text}</Callout.Text>
              <IconButton size="1" variant="ghost" color="gray" aria-label="Dismiss" onClick={() => dismissNotice(notice.id)}>
                <Cross2Icon />
              </IconButton>
            </Flex>
          </Callout.Root>
        )
      })}
    </Flex>
  )
}
