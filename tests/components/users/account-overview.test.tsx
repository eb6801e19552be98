import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import type { UserSingle } from '../../../src/contract/users-admin'
import { OverviewSection } from '../../../src/domains/users/ui/account/OverviewSection'
import { DocumentsSection } from '../../../src/domains/users/ui/account/RecordSections'
import { accountRecordState } from '../../../src/domains/users/ui/AccountScreen'
import { Notices } from '../../../src/client/ui/notices/Notices'
import { noticeState } from '../../../src/client/ui/notices/notices'
import { me, signIn } from '../site/fixtures'
import { respond, type Request } from '../dialogs/fetch-mock'
import { serveRoutes } from '../releases/fixtures'

// The account overview's switches, type select, tenant split and removals run the declared account
// actions (commands/users.ts): the same calls and the same success messages as the palette.

afterEach(() => {
  noticeState.items.splice(0)
  vi.restoreAllMocks()
})

const FLAGS = {
  verified: false,
  priorityMember: false,
  verifiedInvestor: false,
  verifiedCharity: false,
  bulkImportOption: false,
  releaseNotification: false,
  partnerNotification: false,
  dmcaMode: false,
  blockWithdraw: false,
  enableFanBlast: false,
  publishingApplication: false,
  publishingManual: false,
  isAudioScanEnable: false,
  restrictRelease: false,
  restrictNewRelease: false,
  banned: false,
}

function account(overrides: Partial<UserSingle> = {}): UserSingle {
  return {
    id: 42,
    created: '2024-01-10T10:00:00.000Z',
    firstName: 'Nina',
    lastName: 'Vale',
    email: 'nina@example.test',
    type: 'artist',
    priorityMember: false,
    displayName: 'Nina Vale',
    initials: 'NV',
    verified: false,
    banned: false,
    dmcaMode: false,
    blockWithdraw: false,
    restrictNewRelease: false,
    emailVerified: true,
    label: null,
    isOperator: false,
    flags: FLAGS,
    bannedReason: null,
    tenantSplit: null,
    hasInit: true,
    twoFactorEnabled: false,
    username: null,
    notes: [],
    documents: [],
    publishing: [],
    balance: {
      adjustment: '0.00',
      earnings: '0.00',
      payouts: '0.00',
      publishing: '0.00',
      sales: '0.00',
      available: '0.00',
      debt: '0.00',
      debtNote: null,
    },
    lastEarnings: { date: null, amount: '0.00' },
    artistName: null,
    labelName: null,
    ...overrides,
  }
}

const recordOf = (single: UserSingle) => ({
  kind: 'account' as const,
  id: String(single.id),
  title: single.displayName,
  state: accountRecordState(single),
})

async function renderOverview(single: UserSingle) {
  await signIn(me({ type: 'admin', isOperator: false }))
  const served = serveRoutes({
    'POST /api/users/edit/verify': () => respond(200, single),
    'POST /api/users/block-withdraw': () => respond(200, single),
    'POST /api/users/ban/release': () => respond(200, single),
    'POST /api/users/edit/type': () => respond(200, single),
    'POST /api/users/edit/tenant-split': () => respond(200, single),
    'POST /api/users/edit/label': () => respond(200, single),
    'POST /api/users/edit/details': () => respond(200, {}),
    'POST /api/users/publishing/remove': () => respond(200, single),
  })
  render(
    <Theme>
      <OverviewSection account={single} record={recordOf(single)} />
      <Notices />
    </Theme>,
  )
  return served.requests
}

const posts = (requests: Request[]) => requests.filter((request) => request.method === 'POST')

describe('account overview: switches run the declared flag actions', () => {
  it('verify, verified investor, withdrawals and banned from releasing send the palette’s calls and say its words', async () => {
    const requests = await renderOverview(account())
    await userEvent.click(screen.getByRole('switch', { name: 'Verified' }))
    expect(await screen.findByText('Verified: on.')).toBeTruthy()
    await userEvent.click(screen.getByRole('switch', { name: 'Verified investor' }))
    expect(await screen.findByText('Verified investor: on.')).toBeTruthy()
    await userEvent.click(screen.getByRole('switch', { name: 'Withdrawals blocked' }))
    expect(await screen.findByText('Withdrawals blocked: on.')).toBeTruthy()
    await userEvent.click(screen.getByRole('switch', { name: 'Banned from releasing' }))
    expect(await screen.findByText('Banned from releasing: on.')).toBeTruthy()
    expect(posts(requests).map(({ path, body }) => [path, body])).toEqual([
      ['/api/users/edit/verify', { userId: 42, verified: true }],
      ['/api/users/edit/verify', { userId: 42, verifiedInvestor: true }],
      ['/api/users/block-withdraw', { userId: 42 }],
      ['/api/users/ban/release', { userId: 42, banned: true }],
    ])
  })

  it('turns a flag off through its other action', async () => {
    const requests = await renderOverview(account({ verified: true, flags: { ...FLAGS, verified: true } }))
    await userEvent.click(screen.getByRole('switch', { name: 'Verified' }))
    expect(await screen.findByText('Verified: off.')).toBeTruthy()
    expect(posts(requests).map(({ body }) => body)).toEqual([{ userId: 42, verified: false }])
  })

  it('saves a flag without an action of its own with the account details', async () => {
    const requests = await renderOverview(account())
    await userEvent.click(screen.getByRole('switch', { name: 'Release notifications' }))
    expect(await screen.findByText('Release notifications: on.')).toBeTruthy()
    expect(posts(requests)[0]).toMatchObject({
      path: '/api/users/edit/details',
      body: { userId: 42, flags: { releaseNotification: true } },
    })
  })
})

describe('account overview: type, tenant split, label and publishing entries', () => {
  it('the type select runs "Change account type" with the chosen type', async () => {
    const requests = await renderOverview(account())
    await userEvent.click(screen.getByRole('combobox', { name: 'Type' }))
    await userEvent.click(await screen.findByRole('option', { name: 'Label' }))
    expect(await screen.findByText('Nina Vale is now a label.')).toBeTruthy()
    expect(posts(requests)[0]).toMatchObject({ path: '/api/users/edit/type', body: { userId: 42, type: 'label' } })
  })

  it('the type select is disabled for the workspace operator (the action says why)', async () => {
    await renderOverview(account({ type: 'admin', isOperator: true }))
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveProperty('disabled', true)
  })

  it('the tenant split field sets the percentage as the palette checks it, and an empty field clears it', async () => {
    const requests = await renderOverview(account({ tenantSplit: '15.0000' }))
    const field = screen.getByRole('textbox', { name: 'Tenant split' })
    await userEvent.clear(field)
    await userEvent.type(field, '150')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Type a percentage between 0 and 100')).toBeTruthy()
    expect(posts(requests)).toEqual([])
    await userEvent.clear(field)
    await userEvent.type(field, '12.5')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Tenant split set to 12.5%.')).toBeTruthy()
    await userEvent.clear(field)
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Tenant split cleared.')).toBeTruthy()
    expect(posts(requests).map(({ body }) => body)).toEqual([
      { userId: 42, tenantSplit: '12.5' },
      { userId: 42, tenantSplit: null },
    ])
  })

  it('Remove takes an artist off its label; there is no Remove without a label', async () => {
    const requests = await renderOverview(account({ label: { id: 9, name: 'Vale Records' } }))
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }))
    expect(await screen.findByText('Label removed.')).toBeTruthy()
    expect(posts(requests)[0]).toMatchObject({ path: '/api/users/edit/label', body: { userId: 42, labelId: null } })
  })

  it('the bin of a publishing entry removes that entry', async () => {
    const entry = (id: number, period: string) => ({
      id,
      amount: '120.50',
      period,
      note: '',
      created: '2024-02-01T10:00:00.000Z',
      createdBy: null,
    })
    const requests = await renderOverview(account({ publishing: [entry(3, '2024-01-01'), entry(4, '2024-02-01')] }))
    await userEvent.click(screen.getByRole('button', { name: 'Remove the entry of 2024-02-01' }))
    expect(await screen.findByText('Publishing entry removed.')).toBeTruthy()
    expect(posts(requests)[0]).toMatchObject({ path: '/api/users/publishing/remove', body: { userId: 42, entryId: 4 } })
  })
})

describe('account documents', () => {
  it('the bin of a document runs "Remove a document" for that document', async () => {
    const document = (id: number, title: string) => ({
      id,
      title,
      fileId: 100 + id,
      fileUrl: `/files/${id}`,
      fileName: `${title}.pdf`,
      size: 2048,
      private: false,
      created: '2024-02-01T10:00:00.000Z',
    })
    const single = account({ documents: [document(5, 'Contract'), document(6, 'Passport')] })
    await signIn(me({ type: 'admin', isOperator: false }))
    const { requests } = serveRoutes({ 'POST /api/users/doc/remove': () => respond(200, { ok: true }) })
    render(
      <Theme>
        <DocumentsSection account={single} record={recordOf(single)} />
        <Notices />
      </Theme>,
    )
    const row = screen.getByRole('row', { name: /Passport/ })
    await userEvent.click(within(row).getByRole('button', { name: 'Remove Passport' }))
    expect(await screen.findByText('Document removed.')).toBeTruthy()
    await waitFor(() => expect(posts(requests)).toHaveLength(1))
    expect(posts(requests)[0]).toMatchObject({ path: '/api/users/doc/remove', body: { userId: 42, documentId: 6 } })
  })
})
