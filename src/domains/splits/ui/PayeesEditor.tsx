import { useEffect, useState } from 'react'
import { Badge, Button, Flex, IconButton, SegmentedControl, Text, TextField } from '@radix-ui/themes'
import { Cross2Icon, PlusIcon } from '@radix-ui/react-icons'
import { SHARE_ONE, SHARE_SCALE, fromScaled, toScaled } from '@core/decimal'
import { checkShare, evenShares, percentToShare, shareAsPercent } from '@core/split-status'

export type ShareMode = 'percent' | 'decimal'

export interface PayeeDraft {
  key: number
  email: string
  /** As typed, in the current mode. */
  value: string
  /** The owner's row: its email cannot change and it cannot be taken out. */
  locked?: boolean
}

export type EmailCheck = { isUser: boolean; name?: string }

/** The share a row stands for, as a decimal string, or null when what is typed is not a share. */
export function shareOf(value: string, mode: ShareMode): string | null {
  const text = value.trim()
  if (!text) return null
  const share = mode === 'percent' ? percentToShare(text) : text
  if (share === null) return null
  return checkShare(share).ok ? share : null
}

/** What is left to share out, in units of 10^-10 (negative: too much); null when a row is not a share. */
export function remainingUnits(payees: readonly PayeeDraft[], mode: ShareMode): bigint | null {
  let total = 0n
  for (const payee of payees) {
    const share = shareOf(payee.value, mode)
    if (share === null) return null
    total += toScaled(share, SHARE_SCALE)
  }
  return SHARE_ONE - total
}

const asMode = (share: string, mode: ShareMode) =>
  mode === 'percent' ? shareAsPercent(share).replace('%', '') : share.replace(/0+$/, '').replace(/\.$/, '')

/** "Remaining 25%", "Over by 5%" or "Complete": exact, so a third thrice is complete only when it sums to 1. */
export function ShareIndicator({ payees, mode }: { payees: readonly PayeeDraft[]; mode: ShareMode }) {
  const left = remainingUnits(payees, mode)
  if (left === null)
    return (
      <Badge color="red" size="2" role="status" aria-label="Share check">
        Some shares are not valid
      </Badge>
    )
  if (left === 0n)
    return (
      <Badge color="green" size="2" role="status" aria-label="Share check">
        Complete: shares add up to 100%
      </Badge>
    )
  const amount = shareAsPercent(fromScaled(left < 0n ? -left : left, SHARE_SCALE))
  return (
    <Badge color={left > 0n ? 'amber' : 'red'} size="2" role="status" aria-label="Share check">
      {left > 0n ? `Remaining ${amount}` : `Over by ${amount}`}
    </Badge>
  )
}

function EmailBadge({ email, check }: { email: string; check(email: string): Promise<EmailCheck> }) {
  const [state, setState] = useState<{ email: string; result: EmailCheck | null }>({ email: '', result: null })
  const valid = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())
  useEffect(() => {
    if (!valid) return
    let live = true
    const timer = setTimeout(() => {
      check(email.trim().toLowerCase())
        .then((result) => live && setState({ email, result }))
        .catch(() => live && setState({ email, result: null }))
    }, 300)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [email, valid, check])
  if (!valid || state.email !== email || !state.result) return null
  return state.result.isUser ? (
    <Badge color="green" variant="soft" title="This email has an account">
      {state.result.name ?? 'Registered'}
    </Badge>
  ) : (
    <Badge color="amber" variant="soft" title="The split applies once this email has an account and confirms">
      No account yet
    </Badge>
  )
}

let nextKey = 1
export const newKey = () => nextKey++

/**
 * The payees of a new split: email and share per row, in percent or decimal, a registered badge per
 * email, "Split evenly", and the exact remaining share.
 */
export function PayeesEditor({
  payees,
  onChange,
  mode,
  onModeChange,
  checkEmail,
  errors = {},
}: {
  payees: readonly PayeeDraft[]
  onChange(payees: PayeeDraft[]): void
  mode: ShareMode
  onModeChange(mode: ShareMode): void
  checkEmail(email: string): Promise<EmailCheck>
  errors?: Record<string, string>
}) {
  const update = (key: number, change: Partial<PayeeDraft>) =>
    onChange(payees.map((payee) => (payee.key === key ? { ...payee, ...change } : payee)))
  const switchMode = (next: ShareMode) => {
    if (next === mode) return
    onChange(
      payees.map((payee) => {
        const share = shareOf(payee.value, mode)
        return { ...payee, value: share === null ? payee.value : asMode(share, next) }
      }),
    )
    onModeChange(next)
  }
  const splitEvenly = () => {
    const shares = evenShares(payees.length)
    onChange(payees.map((payee, index) => ({ ...payee, value: asMode(shares[index], mode) })))
  }
  return (
    <Flex direction="column" gap="3">
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <SegmentedControl.Root value={mode} onValueChange={(value) => switchMode(value as ShareMode)} aria-label="Shares as">
          <SegmentedControl.Item value="percent">Percent</SegmentedControl.Item>
          <SegmentedControl.Item value="decimal">Decimal</SegmentedControl.Item>
        </SegmentedControl.Root>
        <ShareIndicator payees={payees} mode={mode} />
      </Flex>
      {payees.map((payee, index) => (
        <Flex key={payee.key} gap="2" align="start" wrap="wrap">
          <Flex direction="column" gap="1" style={{ flex: '1 1 260px' }}>
            <TextField.Root
              aria-label={`Email of payee ${index + 1}`}
              type="email"
              placeholder="payee@example.com"
              value={payee.email}
              readOnly={payee.locked}
              onChange={(event) => update(payee.key, { email: event.target.value })}
            >
              <TextField.Slot side="right">
                <EmailBadge email={payee.email} check={checkEmail} />
              </TextField.Slot>
            </TextField.Root>
            {errors[`payees.${index}.email`] && (
              <Text size="1" color="red">
                {errors[`payees.${index}.email`]}
              </Text>
            )}
          </Flex>
          <Flex direction="column" gap="1" style={{ width: 180 }}>
            <TextField.Root
              aria-label={`Share of payee ${index + 1}`}
              inputMode="decimal"
              value={payee.value}
              placeholder={mode === 'percent' ? '50' : '0.5'}
              onChange={(event) => update(payee.key, { value: event.target.value })}
            >
              <TextField.Slot side="right">{mode === 'percent' ? '%' : ''}</TextField.Slot>
            </TextField.Root>
            {errors[`payees.${index}.share`] && (
              <Text size="1" color="red">
                {errors[`payees.${index}.share`]}
              </Text>
            )}
          </Flex>
          <IconButton
            variant="ghost"
            color="gray"
            aria-label={`Take out payee ${index + 1}`}
            disabled={payee.locked}
            onClick={() => onChange(payees.filter((row) => row.key !== payee.key))}
            mt="2"
          >
            <Cross2Icon />
          </IconButton>
        </Flex>
      ))}
      <Flex gap="2">
        <Button variant="soft" type="button" onClick={() => onChange([...payees, { key: newKey(), email: '', value: '' }])}>
          <PlusIcon aria-hidden /> Add payee
        </Button>
        <Button variant="soft" color="gray" type="button" onClick={splitEvenly} disabled={payees.length === 0}>
          Split evenly
        </Button>
      </Flex>
    </Flex>
  )
}
