import { useEffect, useMemo } from 'react'
import { Button, Callout, Flex, Text } from '@radix-ui/themes'
import type { UserSingle } from '@contract/users-admin'
import type { RecordStates } from '@commands/records'
import type { ScreenProps } from '@client/routing/types'
import { api } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { useDataVersion } from '@client/state/useDataVersion'
import { useTab } from '@client/workspace/tab-context'
import { SectionTabs, sectionOf } from '@client/ui/SectionTabs'
import { MainSkeleton } from '@client/pages/MainSkeleton'
import { rememberRecord } from '@client/shell/recents'
import { AccountHeader } from './account/AccountHeader'
import { OverviewSection } from './account/OverviewSection'
import { ProfileSection } from './account/ProfileSection'
import { DetailsSection } from './account/DetailsSection'
import { AccountSalesSection } from '@domains/earnings/ui/AccountSalesSection'
import { AccountReportsSection } from '@domains/earnings/ui/account-reports/AccountReportsSection'
import { LedgerSection } from '@domains/earnings/ui/ledger/LedgerSection'
import { AccountDownloads } from '@domains/reports/ui/AccountDownloads'
import { AccountPayoutsSection } from '@domains/payouts/ui/AccountPayoutsSection'
import { AccountSupportSection } from '@domains/support/ui/AccountSupportSection'
import {
  ActivitySection,
  CatalogueSection,
  DocumentsSection,
  HistorySection,
  NotesSection,
  NotificationsSection,
} from './account/RecordSections'

/** The sections of the account tab, in order; `?section=` keeps the open one in the tab's address. */
const SECTIONS = [
  { id: 'overview', label: 'Overview' },
  { id: 'profile', label: 'Profile' },
  { id: 'details', label: 'Payments & details' },
  { id: 'catalogue', label: 'Catalogue' },
  { id: 'sales', label: 'Sales' },
  { id: 'reports', label: 'Reports' },
  { id: 'ledger', label: 'Ledger' },
  { id: 'downloads', label: 'Downloads' },
  { id: 'payouts', label: 'Payouts' },
  { id: 'support', label: 'Support' },
  { id: 'notes', label: 'Notes' },
  { id: 'documents', label: 'Documents' },
  { id: 'activity', label: 'Sign-ins & sessions' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'history', label: 'History' },
] as const

const fetchAccount = (key: string, signal: AbortSignal) =>
  api.call('users.single', { params: { id: Number(key.split(':')[0]) } }, { signal })

/** The flags the account actions read to decide which apply (ban vs unban, …). */
export function accountRecordState(account: UserSingle): RecordStates['account'] {
  return {
    type: account.type,
    banned: account.banned,
    verified: account.verified,
    priorityMember: account.priorityMember,
    blockWithdraw: account.blockWithdraw,
    dmcaMode: account.dmcaMode,
    restrictNewRelease: account.restrictNewRelease,
    restrictRelease: account.flags.restrictRelease,
    verifiedInvestor: account.flags.verifiedInvestor,
    verifiedCharity: account.flags.verifiedCharity,
    tenantSplit: account.tenantSplit,
    label: account.label,
    documents: account.documents.map(({ id, title }) => ({ id, title })),
    publishing: account.publishing.map(({ id, period, amount, note }) => ({ id, period, amount, note })),
    isOperator: account.isOperator,
    displayName: account.displayName,
    email: account.email,
  }
}

/** /users/{id}: one account, its state at a glance, every staff action, and its records by section. */
export default function AccountScreen({ params, search }: ScreenProps) {
  const tab = useTab()
  const version = useDataVersion()
  const id = Number(params.id)
  const valid = Number.isInteger(id) && id > 0
  const load = useLoad(fetchAccount, `${valid ? id : 0}:${version}`, { cacheKey: `account:${id}` })
  // Keep showing the last answer while a refresh after an action is in flight.
  const account = load.data && load.data.id === id ? load.data : null
  const section = sectionOf(SECTIONS, search)

  const record = useMemo(
    () =>
      account ? { kind: 'account' as const, id: String(account.id), title: account.displayName, state: accountRecordState(account) } : null,
    [account],
  )
  const { setTitle, publishRecord } = tab
  useEffect(() => {
    if (!account) return
    setTitle(account.displayName)
    rememberRecord({ kind: 'account', id: account.id, title: account.displayName, subtitle: account.email, path: `/users/${account.id}` })
  }, [account, setTitle])
  useEffect(() => {
    publishRecord(record)
    return () => publishRecord(null)
  }, [record, publishRecord])

  if (!valid || (load.status === 'error' && load.error?.status === 404)) {
    return (
      <Callout.Root color="gray" role="status">
        <Callout.Text>This account does not exist, or it belongs to another workspace.</Callout.Text>
      </Callout.Root>
    )
  }
  if (!account) {
    if (load.status === 'error')
      return (
        <Flex direction="column" gap="3" align="start" role="alert">
          <Text color="red">{load.error?.message}</Text>
          <Button variant="soft" onClick={load.reload}>
            Try again
          </Button>
        </Flex>
      )
    return <MainSkeleton />
  }

  return (
    <Flex direction="column" gap="4" p="4">
      <AccountHeader account={account} record={record} />
      <SectionTabs
        sections={SECTIONS}
        value={section}
        count={(id) => (id === 'notes' ? account.notes.length : id === 'documents' ? account.documents.length : 0) || null}
      >
        {section === 'overview' && record && <OverviewSection account={account} record={record} />}
        {section === 'profile' && <ProfileSection userId={account.id} type={account.type} version={version} />}
        {section === 'details' && <DetailsSection userId={account.id} version={version} />}
        {section === 'catalogue' && <CatalogueSection userId={account.id} version={version} />}
        {section === 'sales' && <AccountSalesSection userId={account.id} version={version} />}
        {section === 'reports' && <AccountReportsSection userId={account.id} version={version} />}
        {section === 'ledger' && <LedgerSection userId={account.id} version={version} />}
        {section === 'downloads' && <AccountDownloads userId={account.id} />}
        {section === 'payouts' && <AccountPayoutsSection userId={account.id} version={version} />}
        {section === 'support' && <AccountSupportSection userId={account.id} version={version} />}
        {section === 'notes' && <NotesSection account={account} />}
        {section === 'documents' && record && <DocumentsSection account={account} record={record} />}
        {section === 'activity' && <ActivitySection userId={account.id} version={version} />}
        {section === 'notifications' && <NotificationsSection userId={account.id} version={version} />}
        {section === 'history' && <HistorySection userId={account.id} version={version} />}
      </SectionTabs>
    </Flex>
  )
}
