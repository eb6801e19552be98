import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import { navigate } from '../../../src/client/routing/navigation'
import { AdminInvitesScreen, UserInvitesScreen } from '../../../src/domains/users/ui/InvitesScreen'
import { Notices } from '../../../src/client/ui/notices/Notices'
import { noticeState } from '../../../src/client/ui/notices/notices'
import { paletteState } from '../../../src/client/shell/palette-state'
import { runCommand } from '../../../src/client/shell/run-command'
import { respond } from '../dialogs/fetch-mock'
import { page, serveRoutes } from '../releases/fixtures'
import { me, signIn } from '../site/fixtures'

// The invites lists' Cancel and Delete are the declared invitation actions (commands/users.ts): the
// bulk bar asks the palette's yes/no, then calls the list's own endpoint for each selected invitation.

afterEach(() => {
  noticeState.items.splice(0)
  localStorage.clear()
  vi.restoreAllMocks()
})

const invite = (id: number, status: 'pending' | 'accepted' | 'cancelled' | 'expired') => ({
  id,
  email: `invitee${id}@example.test`,
  type: 'artist' as const,
  firstName: 'Ivy',
  lastName: `Stone ${id}`,
  status,
  invitedBy: { id: 1, name: 'Olivia Park' },
  created: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-11-27T10:00:00.000Z',
})

async function selectRows(count: number) {
  await screen.findByText('invitee1@example.test')
  // The page paints as a plain table first; the grid, with its row checkboxes, takes over right after.
  const boxes = await waitFor(() => {
    const found = document.querySelectorAll<HTMLInputElement>('.wl-grid [role="row"][row-index] input[type="checkbox"]')
    expect(found.length).toBeGreaterThanOrEqual(count)
    return found
  })
  for (let index = 0; index < count; index += 1) await userEvent.click(boxes[index])
}

async function choose(label: string) {
  await userEvent.click(await screen.findByRole('button', { name: /Bulk Actions/ }))
  await userEvent.click(await screen.findByRole('menuitem', { name: label }))
  await waitFor(() => expect(paletteState.initialCommand).not.toBeNull())
  const asked = paletteState.initialCommand!
  paletteState.initialCommand = null
  return asked
}

describe('invites lists', () => {
  it('cancels the selected user invitations after the palette’s yes', async () => {
    await signIn(me({ type: 'admin', isOperator: false }))
    navigate('/users/invites/1', { replace: true })
    const { requests } = serveRoutes({
      'GET /api/users/invites/1': () => respond(200, page([invite(1, 'pending'), invite(2, 'pending')])),
      'POST /api/users/invite/cancel/1': () => respond(200, invite(1, 'cancelled')),
      'POST /api/users/invite/cancel/2': () => respond(200, invite(2, 'cancelled')),
    })
    render(
      <Theme>
        <div style={{ width: 1400 }}>
          <UserInvitesScreen params={{ page: '1' }} />
        </div>
        <Notices />
      </Theme>,
    )
    await selectRows(2)
    const asked = await choose('Cancel')
    expect(asked.title).toBe('Cancel 2 selected invitations')
    expect(requests.some((request) => request.method === 'POST')).toBe(false)
    const [yes] = await asked.children!({} as never, {} as never)
    expect(yes.title).toBe('Yes: Cancel 2 selected invitations? Their links stop working.')
    await runCommand(yes)
    expect(await screen.findByText('Cancelled 2 of 2.')).toBeTruthy()
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([
      '/api/users/invite/cancel/1',
      '/api/users/invite/cancel/2',
    ])
  })

  it('deletes a selected admin invitation through the admins endpoint', async () => {
    await signIn(me({ type: 'admin', isOperator: false }))
    navigate('/admins/invites/1', { replace: true })
    const { requests } = serveRoutes({
      'GET /api/admins/invites': () => respond(200, page([invite(1, 'expired')])),
      'DELETE /api/admins/invite/1/delete': () => respond(200, { ok: true }),
    })
    render(
      <Theme>
        <div style={{ width: 1400 }}>
          <AdminInvitesScreen params={{ page: '1' }} />
        </div>
        <Notices />
      </Theme>,
    )
    await selectRows(1)
    const asked = await choose('Delete')
    const [yes] = await asked.children!({} as never, {} as never)
    await runCommand(yes)
    expect(await screen.findByText('Invitation deleted.')).toBeTruthy()
    expect(requests.filter((request) => request.method !== 'GET')).toMatchObject([
      { method: 'DELETE', path: '/api/admins/invite/1/delete' },
    ])
  })
})
