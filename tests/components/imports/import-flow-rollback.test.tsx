import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import type { RollbackPreview } from '../../../src/contract/earnings-imports'
import { ImportFlowDialog } from '../../../src/domains/earnings/ui/imports/ImportFlowDialog'
import { respond } from '../dialogs/fetch-mock'
import { detail } from './fixtures'

afterEach(() => vi.restoreAllMocks())

const overdraw: RollbackPreview = {
  importId: 12,
  netBase: '1358.02',
  accounts: 2,
  shortfalls: [{ id: 7, name: 'Nina Vale', email: 'nina@example.com', before: '100.00', change: '-458.52', after: '-358.52', shortfall: '358.52' }],
  totalShortfall: '358.52',
  needsConfirmation: true,
}

/** The server of one import: uploaded, read, committed, then (once confirmed with a reason) rolled back. */
function serve() {
  const posts: { path: string; body: unknown }[] = []
  let status: 'review' | 'committed' | 'rolled_back' = 'review'
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost')
    const method = (init?.method ?? 'GET').toUpperCase()
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    if (method === 'POST') posts.push({ path: url.pathname, body })
    if (method === 'POST' && url.pathname === '/api/earnings/import/audiosalad') return respond(202, { id: 12, status: 'parsing' })
    if (method === 'GET' && url.pathname === '/api/earnings/imports/12') return respond(200, { ...detail, status })
    if (method === 'POST' && url.pathname === '/api/earnings/imports/12/commit') {
      status = 'committed'
      return respond(200, { ...detail, status })
    }
    if (method === 'GET' && url.pathname === '/api/earnings/imports/12/rollback-preview') return respond(200, overdraw)
    if (method === 'POST' && url.pathname === '/api/earnings/imports/12/rollback') {
      if (!(body as { reason?: string }).reason)
        return respond(409, { message: 'The rollback takes balances below zero: confirm the shortfall', code: 'shortfall_unconfirmed' })
      status = 'rolled_back'
      return respond(200, { ...detail, status })
    }
    // The dry run's line tables.
    if (method === 'GET' && url.pathname.startsWith('/api/earnings/imports/12/'))
      return respond(200, { data: [], meta: { total: 0, totalIsEstimate: false, page: 1, per_page: 25, last_page: 1 } })
    return respond(404, { message: `No route ${method} ${url.pathname}` })
  })
  return posts
}

describe('the import flow, once committed', () => {
  it('rolls back through the same preview: the accounts it takes below zero, then only with a reason', async () => {
    const posts = serve()
    const user = userEvent.setup()
    render(
      <Theme>
        <ImportFlowDialog open onOpenChange={() => undefined} />
      </Theme>,
    )
    await user.upload(screen.getByLabelText('Statement file (CSV)'), new File(['ISRC,Net\n'], 'sales-2026-05.csv', { type: 'text/csv' }))
    await user.click(screen.getByRole('button', { name: 'Upload and check' }))
    await user.click(await screen.findByRole('button', { name: 'Commit' }))
    await user.click(await screen.findByRole('button', { name: 'Roll back…' }))

    const confirm = await screen.findByRole('alertdialog')
    const below = await within(confirm).findByRole('table', { name: 'Accounts below zero' })
    expect(below.textContent).toContain('Nina Vale')
    expect(below.textContent).toContain('-$358.52')
    const go = within(confirm).getByRole('button', { name: 'Roll back and record $358.52 of debt' })
    await user.click(go)
    expect(await within(confirm).findByText('A reason is required to record the shortfall as a recoupable debt')).toBeTruthy()
    expect(posts.filter((post) => post.path.endsWith('/rollback'))).toHaveLength(0)

    await user.type(within(confirm).getByRole('textbox', { name: 'Reason' }), 'Statement sent twice by the store')
    await user.click(go)
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(posts.find((post) => post.path.endsWith('/rollback'))?.body).toEqual({
      confirmShortfall: '358.52',
      reason: 'Statement sent twice by the store',
    })
    expect(await screen.findByText('Import rolled back: its credits were reversed.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Roll back…' })).toBeNull()
  })
})
