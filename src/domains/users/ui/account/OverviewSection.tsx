import { useId, useState } from 'react'
import { fitColumns } from '@client/ui/fit-columns'
import {
  Box,
  Button,
  Card,
  DataList,
  Flex,
  Grid,
  Heading,
  IconButton,
  Select,
  Switch,
  Table,
  Text,
  TextField,
  Tooltip,
} from '@radix-ui/themes'
import { TrashIcon } from '@radix-ui/react-icons'
import type { UserSingle } from '@contract/users-admin'
import { formatMoney } from '@core/format'
import { fullDate, timeAgo } from '@core/time'
import { api } from '@client/api'
import { UserPickerDialog } from '@client/ui/dialogs/UserPickerDialog'
import { showNotice } from '@client/ui/notices/notices'
import { runAction } from '@client/ui/run-action'
import { AdjustmentDialog } from '@domains/earnings/ui/ledger/AdjustmentDialog'
import { runRecordAction, useRecordActions } from '@client/ui/RecordActions'
import type { RecordRef } from '@commands/records'
import { ACCOUNT_FLAG_ACTIONS, flagActionKeys } from '@commands/users'

type AccountRecord = Extract<RecordRef, { kind: 'account' }>

/** The keys of the declared actions that apply to the account now (a switch or button is disabled otherwise). */
function useOfferedKeys(record: AccountRecord): Set<string> {
  return new Set(useRecordActions(record).flatMap((entry) => (entry.disabledReason ? [] : [entry.action.key])))
}

const BALANCE_LINES: [Exclude<keyof UserSingle['balance'], 'debt' | 'debtNote' | 'held'>, string][] = [
  ['earnings', 'Earnings'],
  ['sales', 'Sales'],
  ['publishing', 'Publishing (manual entries)'],
  ['adjustment', 'Adjustments'],
  ['payouts', 'Payouts'],
  ['available', 'Available'],
]

type FlagKey = keyof UserSingle['flags']
/** A flag with declared actions is called what its actions' messages call it ("Verified: on."). */
const declared = (flag: keyof typeof ACCOUNT_FLAG_ACTIONS): [FlagKey, string] => [flag, ACCOUNT_FLAG_ACTIONS[flag].name]
const FLAG_GROUPS: { title: string; flags: [FlagKey, string][] }[] = [
  {
    title: 'Verification',
    flags: [declared('verified'), declared('priorityMember'), declared('verifiedInvestor'), declared('verifiedCharity')],
  },
  {
    title: 'Restrictions',
    flags: [declared('blockWithdraw'), declared('dmcaMode'), declared('restrictNewRelease'), declared('restrictRelease')],
  },
  {
    title: 'Features and notifications',
    flags: [
      ['releaseNotification', 'Release notifications'],
      ['partnerNotification', 'Partner programme notifications'],
      ['enableFanBlast', 'Fan blast'],
      ['bulkImportOption', 'Bulk import'],
      ['isAudioScanEnable', 'Audio scans'],
      ['publishingApplication', 'Publishing application'],
      ['publishingManual', 'Manual publishing'],
    ],
  },
]

/** Flags with a declared action (commands/users.ts) run it; the rest are saved with the account details. */
function isDeclaredFlag(flag: FlagKey): flag is DeclaredFlag {
  return flag in ACCOUNT_FLAG_ACTIONS
}
type DeclaredFlag = keyof typeof ACCOUNT_FLAG_ACTIONS

/**
 * The account at a glance. Its switches, the type select, the tenant split, the label and the
 * publishing entries run the declared account actions on `record` (the palette's, with its words).
 */
export function OverviewSection({ account, record }: { account: UserSingle; record: AccountRecord }) {
  return (
    <Grid columns={fitColumns(340)} gap="4">
      <BalanceCard account={account} />
      <AccountCard account={account} record={record} />
      <FlagsCard account={account} record={record} />
      <PublishingCard account={account} record={record} />
    </Grid>
  )
}

function BalanceCard({ account }: { account: UserSingle }) {
  const [adjusting, setAdjusting] = useState(false)
  return (
    <Card size="2">
      <Flex justify="between" align="center" mb="3" gap="2">
        <Heading as="h2" size="4">
          Balance
        </Heading>
        <Button size="1" variant="soft" onClick={() => setAdjusting(true)}>
          Add adjustment
        </Button>
      </Flex>
      <AdjustmentDialog accountId={account.id} accountName={account.displayName} open={adjusting} onOpenChange={setAdjusting} />
      <DataList.Root>
        {BALANCE_LINES.map(([key, label]) => (
          <DataList.Item key={key}>
            <DataList.Label>{label}</DataList.Label>
            <DataList.Value>
              <Text weight={key === 'available' ? 'bold' : undefined}>{formatMoney(account.balance[key])}</Text>
            </DataList.Value>
          </DataList.Item>
        ))}
        {account.balance.held && account.balance.held !== '0.00' && (
          <DataList.Item>
            <DataList.Label>Held (flagged tracks)</DataList.Label>
            <DataList.Value>
              <Text color="amber" aria-label="Held earnings">
                {formatMoney(account.balance.held)} kept out of Available until released
              </Text>
            </DataList.Value>
          </DataList.Item>
        )}
        {account.balance.debt !== '0.00' && (
          <DataList.Item>
            <DataList.Label>Recoupable debt</DataList.Label>
            <DataList.Value>
              <Flex direction="column" gap="1" aria-label="Recoupable debt">
                <Text color="red" weight="bold">
                  {formatMoney(account.balance.debt)}
                </Text>
                <Text size="1" color="gray">
                  Withdrawals are blocked until later earnings repay it.{account.balance.debtNote ? ` ${account.balance.debtNote}` : ''}
                </Text>
              </Flex>
            </DataList.Value>
          </DataList.Item>
        )}
        <DataList.Item>
          <DataList.Label>Last earnings</DataList.Label>
          <DataList.Value>
            {account.lastEarnings.date ? `${formatMoney(account.lastEarnings.amount)} on ${account.lastEarnings.date}` : 'None yet'}
          </DataList.Value>
        </DataList.Item>
      </DataList.Root>
    </Card>
  )
}

function AccountCard({ account, record }: { account: UserSingle; record: AccountRecord }) {
  const offered = useOfferedKeys(record)
  const [split, setSplit] = useState(account.tenantSplit ? String(Number(account.tenantSplit)) : '')
  const [pickingLabel, setPickingLabel] = useState(false)
  // Two accounts can be open side by side: ids must be unique per card.
  const typeLabel = useId()
  const splitLabel = useId()
  return (
    <Card size="2">
      <Heading as="h2" size="4" mb="3">
        Account
      </Heading>
      <DataList.Root>
        <DataList.Item>
          <DataList.Label>Created</DataList.Label>
          <DataList.Value>
            <time dateTime={account.created} title={fullDate(account.created)}>
              {timeAgo(account.created)}
            </time>
          </DataList.Value>
        </DataList.Item>
        <DataList.Item align="center">
          <DataList.Label id={typeLabel}>Type</DataList.Label>
          <DataList.Value>
            <Select.Root
              value={account.type}
              disabled={!offered.has('users.editType')}
              onValueChange={(type) => void runRecordAction(record, 'users.editType', type)}
            >
              <Select.Trigger aria-labelledby={typeLabel} />
              <Select.Content>
                <Select.Item value="artist">Artist</Select.Item>
                <Select.Item value="label">Label</Select.Item>
                <Select.Item value="admin">Admin</Select.Item>
              </Select.Content>
            </Select.Root>
          </DataList.Value>
        </DataList.Item>
        {account.type === 'artist' && (
          <DataList.Item align="center">
            <DataList.Label>Label</DataList.Label>
            <DataList.Value>
              <Flex gap="2" align="center">
                <Text>{account.label?.name ?? 'None'}</Text>
                <Button size="1" variant="soft" onClick={() => setPickingLabel(true)}>
                  Change
                </Button>
                {offered.has('users.editLabel:remove') && (
                  <Button size="1" variant="ghost" color="gray" onClick={() => void runRecordAction(record, 'users.editLabel:remove')}>
                    Remove
                  </Button>
                )}
              </Flex>
            </DataList.Value>
          </DataList.Item>
        )}
        <DataList.Item align="center">
          <DataList.Label id={splitLabel}>Tenant split</DataList.Label>
          <DataList.Value>
            <form
              onSubmit={(event) => {
                event.preventDefault()
                // The palette's "Set tenant split…" with the typed percentage, or "Clear tenant split" for an empty field.
                const text = split.trim()
                void (text
                  ? runRecordAction(record, 'users.editTenantSplit', text)
                  : runRecordAction(record, 'users.editTenantSplit:clear'))
              }}
            >
              <Flex gap="2" align="center">
                <TextField.Root
                  aria-labelledby={splitLabel}
                  value={split}
                  onChange={(event) => setSplit(event.target.value)}
                  placeholder="Default"
                  style={{ width: 120 }}
                >
                  <TextField.Slot side="right">%</TextField.Slot>
                </TextField.Root>
                <Button size="1" type="submit" variant="soft">
                  Save
                </Button>
              </Flex>
            </form>
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Sign-in</DataList.Label>
          <DataList.Value>{account.twoFactorEnabled ? 'Password and emailed code' : 'Password'}</DataList.Value>
        </DataList.Item>
      </DataList.Root>
      <UserPickerDialog
        open={pickingLabel}
        title="Choose the label"
        onOpenChange={setPickingLabel}
        onSelect={(user) => {
          setPickingLabel(false)
          if (user.type !== 'label') {
            showNotice(`${user.displayName} is not a label account.`, { tone: 'error' })
            return
          }
          void runRecordAction(record, 'users.editLabel:set', user.id)
        }}
      />
    </Card>
  )
}

function FlagsCard({ account, record }: { account: UserSingle; record: AccountRecord }) {
  const offered = useOfferedKeys(record)
  const change = (flag: FlagKey, label: string, on: boolean) => {
    if (!isDeclaredFlag(flag)) {
      void runAction(
        () => api.call('users.editDetails', { body: { userId: account.id, address: {}, flags: { [flag]: on } } }),
        `${label}: ${on ? 'on' : 'off'}.`,
      )
      return
    }
    const keys = flagActionKeys(flag)
    void runRecordAction(record, on ? keys.on : keys.off)
  }
  return (
    <Card size="2">
      <Heading as="h2" size="4" mb="3">
        Flags
      </Heading>
      <Flex direction="column" gap="4">
        {FLAG_GROUPS.map((group) => (
          <Box key={group.title} role="group" aria-label={group.title}>
            <Text size="1" weight="bold" color="gray">
              {group.title.toUpperCase()}
            </Text>
            <Flex direction="column" gap="2" mt="2">
              {group.flags.map(([flag, label]) => (
                <Text as="label" size="2" key={flag}>
                  <Flex gap="2" align="center">
                    <Switch
                      checked={account.flags[flag]}
                      disabled={isDeclaredFlag(flag) && !offered.has(flagActionKeys(flag)[account.flags[flag] ? 'off' : 'on'])}
                      onCheckedChange={(on) => change(flag, label, on)}
                    />
                    {label}
                  </Flex>
                </Text>
              ))}
            </Flex>
          </Box>
        ))}
      </Flex>
    </Card>
  )
}

function PublishingCard({ account, record }: { account: UserSingle; record: AccountRecord }) {
  const [amount, setAmount] = useState('')
  const [period, setPeriod] = useState(new Date().toISOString().slice(0, 8) + '01')
  const [note, setNote] = useState('')
  const add = async () => {
    const saved = await runAction(
      () => api.call('users.publishingManual', { body: { userId: account.id, amount, period, note } }),
      'Publishing entry added.',
    )
    if (saved) {
      setAmount('')
      setNote('')
    }
  }
  return (
    <Card size="2">
      <Heading as="h2" size="4" mb="3">
        Manual publishing entries
      </Heading>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          void add()
        }}
        aria-label="Add a publishing entry"
      >
        <Flex gap="2" wrap="wrap" align="end" mb="3">
          <TextField.Root
            aria-label="Amount"
            placeholder="Amount, e.g. 120.50"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            style={{ width: 150 }}
          >
            <TextField.Slot>$</TextField.Slot>
          </TextField.Root>
          <TextField.Root aria-label="Period" type="date" value={period} onChange={(event) => setPeriod(event.target.value)} />
          <TextField.Root
            aria-label="Note"
            placeholder="Note"
            value={note}
            onChange={(event) => setNote(event.target.value)}
            style={{ flex: 1, minWidth: 140 }}
          />
          <Button type="submit" variant="soft" disabled={!amount}>
            Add
          </Button>
        </Flex>
      </form>
      {account.publishing.length === 0 ? (
        <Text color="gray" size="2">
          No manual publishing entries.
        </Text>
      ) : (
        <Table.Root size="1">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Period</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Amount</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Note</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>By</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {account.publishing.map((entry) => (
              <Table.Row key={entry.id}>
                <Table.Cell>{entry.period}</Table.Cell>
                <Table.Cell>{formatMoney(entry.amount)}</Table.Cell>
                <Table.Cell>{entry.note || '—'}</Table.Cell>
                <Table.Cell>{entry.createdBy?.name ?? '—'}</Table.Cell>
                <Table.Cell>
                  <Tooltip content="Remove this entry">
                    <IconButton
                      size="1"
                      variant="ghost"
                      color="red"
                      aria-label={`Remove the entry of ${entry.period}`}
                      onClick={() => void runRecordAction(record, 'users.publishingRemove', entry.id)}
                    >
                      <TrashIcon />
                    </IconButton>
                  </Tooltip>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Card>
  )
}
