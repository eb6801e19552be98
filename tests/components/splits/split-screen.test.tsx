import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import type { SplitSingle } from '../../../src/contract/splits'
import SplitScreen from '../../../src/domains/splits/ui/SplitScreen'
import { Notices } from '../../../src/client/ui/notices/Notices'
import { noticeState } from '../../../src/client/ui/notices/notices'
import { me, signIn } from '../site/fixtures'
import { respond, type Request } from '../dialogs/fetch-mock'
import { serveRoutes } from '../releases/fixtures'

afterEach(() => {
  noticeState.items.splice(0)
  vi.restoreAllMocks()
})

function splitOf(overrides: Partial<SplitSingle> = {}): SplitSingle {
  return {
    id: 9,
    title: 'Night Drive',
    date: '2026-11-01T10:00:00.000Z',
    status: 'pending',
    isLocked: false,
    lockedAt: null,
    startsOn: '2026-11',
    endedOn: null,
    batchId: null,
    payees: [
      {
        id: 1,
        email: 'owner@x.test',
        share: '0.5000000000',
        isUser: true,
        status: 'confirmed',
        name: 'Nina Vale',
        accountId: 5,
        isOwner: true,
        confirmedAt: null,
      },
      {
        id: 2,
        email: 'guest@x.test',
        share: '0.5000000000',
        isUser: false,
        status: 'invited',
        name: null,
        accountId: null,
        isOwner: false,
        confirmedAt: null,
      },
    ],
    track: {
      id: 11,
      releaseId: 7,
      title: 'Night Drive',
      isrc: null,
      artwork: null,
      upc: null,
      catalogNumber: null,
      releaseDate: null,
      releaseTitle: 'Night Drive',
    },
    user: { id: 5, initials: 'NV', name: 'Nina Vale', email: 'owner@x.test' },
    ...overrides,
  }
}

async function renderSplit() {
  await signIn(me({ type: 'admin', isOperator: false }))
  let split = splitOf()
  const mock = serveRoutes({
    'GET /api/splits/single/9': () => respond(200, split),
    'POST /api/splits/lock': () => {
      split = { ...split, isLocked: true }
      return respond(200, { ok: true, message: 'Locked.', split })
    },
    'POST /api/splits/confirm': () => {
      split = { ...split, payees: split.payees.map((payee) => (payee.id === 2 ? { ...payee, status: 'confirmed' } : payee)) }
      return respond(200, { ok: true, message: 'guest@x.test’s share is confirmed.', split })
    },
  })
  render(
    <Theme>
      <SplitScreen params={{ id: '9' }} search={new URLSearchParams()} />
      <Notices />
    </Theme>,
  )
  await screen.findByRole('heading', { level: 1, name: 'Split of Night Drive' })
  return mock
}

const posts = (requests: Request[]) => requests.filter((request) => request.method === 'POST')

describe('split screen actions (declared in commands/splits.ts)', () => {
  it('Lock calls the declared action, says what it did in the palette’s words, and the split offers Unlock', async () => {
    const { requests } = await renderSplit()
    await userEvent.click(await screen.findByRole('button', { name: 'Lock' }))
    await waitFor(() => expect(posts(requests)).toHaveLength(1))
    expect(posts(requests)[0]).toMatchObject({ path: '/api/splits/lock', body: { id: 9 } })
    expect(await screen.findByText('Split locked: its owner can no longer change it.')).toBeTruthy()
    expect(await screen.findByRole('button', { name: 'Unlock' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Lock' })).toBeNull()
  })

  it("a payee row's Confirm share asks first, then confirms that payee through the declared action", async () => {
    const { requests } = await renderSplit()
    const row = screen.getByRole('row', { name: /guest@x\.test/ })
    expect(within(screen.getByRole('row', { name: /owner@x\.test/ })).queryByRole('button', { name: 'Confirm share' })).toBeNull()
    await userEvent.click(within(row).getByRole('button', { name: 'Confirm share' }))
    const dialog = await screen.findByRole('alertdialog', { name: "Confirm guest@x.test's share" })
    expect(posts(requests)).toHaveLength(0)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm share' }))
    await waitFor(() => expect(posts(requests)).toHaveLength(1))
    expect(posts(requests)[0]).toMatchObject({ path: '/api/splits/confirm', body: { splitId: 9, payeeId: 2 } })
    expect(await screen.findByText('guest@x.test’s share is confirmed.')).toBeTruthy()
  })
})
