import { BellIcon, InfoCircledIcon } from '@radix-ui/react-icons'
import type { NotificationItem } from '@contract/notifications'

/** Spec: info notifications use an info icon and the info colour; the others a bell in the primary colour. */
export function NotificationIcon({ type }: { type: NotificationItem['type'] }) {
  const info = type === 'info'
  const Icon = info ? InfoCircledIcon : BellIcon
  return (
    <Icon
      width={18}
      height={18}
      aria-hidden
      data-kind={info ? 'info' : 'bell'}
      style={{ flexShrink: 0, color: info ? 'var(--blue-9)' : 'var(--accent-9)' }}
    />
  )
}
