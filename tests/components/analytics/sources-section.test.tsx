import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { Theme } from '@radix-ui/themes'
import type { TrendSource, TrendSourceFile } from '../../../src/contract/analytics'
import { locationState } from '../../../src/client/routing/navigation'
import { SourcesSection } from '../../../src/domains/analytics/ui/SourcesSection'
import { me, signIn } from '../site/fixtures'

// The analytics tab's Scheduled section (docs/analytics.md, "Scheduled imports"): not configured
// state, the settings form, Check now, and the fetched files with their imports.

interface Call {
  method: string
  path: string
  body: unknown
}

const sftp: TrendSource = {
  id: 7,
  platform: 'deezer',
  kind: 'sftp',
  enabled: true,
  directory: '/outgoing',
  pattern: '*.csv',
  host: 'sftp.deezer.test',
  port: 22,
  username: 'trends',
  hasPassword: true,
  hasPrivateKey: false,
  hostKey: null,
  everyMinutes: 60,
  autoCommit: false,
  lastChecked: '2026-11-26T10:00:00.000Z',
  lastError: 'Could not connect to sftp.deezer.test:22: All configured authentication methods failed',
  nextCheck: '2026-11-26T11:00:00.000Z',
}

const file = (overrides: Partial<TrendSourceFile>): TrendSourceFile => ({
  id: 1,
  sourceId: 7,
  platform: 'deezer',
  kind: 'sftp',
  name: 'deezer-0304.csv',
  size: 2048,
  modified: '2026-11-26T09:00:00.000Z',
  fetched: '2026-11-26T10:00:00.000Z',
  status: 'imported',
  error: null,
  importId: 31,
  importStatus: 'review',
  ...overrides,
})

function serve() {
  const calls: Call[] = []
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost')
    const method = (init?.method ?? 'GET').toUpperCase()
    calls.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined })
    const route = `${method} ${url.pathname}`
    if (route === 'GET /api/analytics/sources')
      return json(200, [
        { platform: 'spotify', label: 'Spotify', folder: null, sftp: null },
        { platform: 'deezer', label: 'Deezer', folder: null, sftp },
      ])
    if (route === 'GET /api/analytics/sources/files')
      return json(200, {
        data: [
          file({}),
          file({ id: 2, name: 'copy.csv', status: 'duplicate', error: 'This file was already imported (trend import #31).' }),
        ],
        meta: { total: 2, totalIsEstimate: false, page: 1, per_page: 25, last_page: 1 },
      })
    if (route === 'PUT /api/analytics/sources/spotify/sftp')
      return json(400, {
        message: 'The SFTP drop is not complete.',
        code: 'validation',
        errors: { password: 'A password or a private key' },
      })
    if (route === 'POST /api/analytics/sources/7/check') return json(202, { ...sftp, lastError: null })
    return json(404, { message: `No route ${route}` })
  })
  return calls
}

beforeEach(async () => {
  await signIn(me())
})

afterEach(() => {
  vi.restoreAllMocks()
  locationState.pathname = '/'
  locationState.search = ''
})

const renderSection = () =>
  render(
    <Theme>
      <SourcesSection version={0} />
    </Theme>,
  )

describe('scheduled sources section', () => {
  it('shows each platform not configured, and a configured source with its failure and next check', async () => {
    serve()
    renderSection()
    const table = await screen.findByRole('table', { name: 'Scheduled sources' })
    const spotify = within(table).getByRole('row', { name: /Spotify/ })
    expect(within(spotify).getAllByText('Not configured')).toHaveLength(2)
    const deezer = within(table).getByRole('row', { name: /Deezer/ })
    expect(within(deezer).getByText(/trends@sftp\.deezer\.test:22\/outgoing/)).toBeTruthy()
    expect(within(deezer).getByText('Failing')).toBeTruthy()
    expect(within(deezer).getByText(sftp.lastError!)).toBeTruthy()
    expect(within(deezer).getByRole('button', { name: /Check now/ })).toBeTruthy()
  })

  it('lists the fetched files with their import, and the dry run waiting for commit offers Commit and Cancel', async () => {
    serve()
    renderSection()
    const files = await screen.findByRole('table', { name: 'Fetched files' })
    const imported = within(files).getByRole('row', { name: /deezer-0304\.csv/ })
    expect(within(imported).getByText('Imported')).toBeTruthy()
    expect(within(imported).getByText('#31 · Dry run ready')).toBeTruthy()
    expect(within(imported).getByRole('button', { name: /Commit/ })).toBeTruthy()
    const copy = within(files).getByRole('row', { name: /copy\.csv/ })
    expect(within(copy).getByText('Already imported')).toBeTruthy()
    expect(within(copy).queryByRole('button', { name: /Commit/ })).toBeNull()
  })

  it('sends the SFTP settings from the form and shows what the server refuses by field', async () => {
    const calls = serve()
    renderSection()
    fireEvent.click(await screen.findByRole('button', { name: 'Set up Spotify SFTP drop' }))
    const form = await screen.findByRole('form', { name: 'Scheduled source settings' })
    fireEvent.change(within(form).getByLabelText('Host'), { target: { value: 'sftp.spotify.test' } })
    fireEvent.change(within(form).getByLabelText('User'), { target: { value: 'wl' } })
    fireEvent.change(within(form).getByLabelText('Remote folder'), { target: { value: '/reports' } })
    fireEvent.change(within(form).getByLabelText('Check every (minutes)'), { target: { value: '30' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await within(form).findByText('A password or a private key')).toBeTruthy()
    const put = calls.find((call) => call.method === 'PUT')!
    expect(put.path).toBe('/api/analytics/sources/spotify/sftp')
    expect(put.body).toMatchObject({
      host: 'sftp.spotify.test',
      port: 22,
      username: 'wl',
      directory: '/reports',
      everyMinutes: 30,
      enabled: true,
    })
  })

  it('checks a source now through its declared action', async () => {
    const calls = serve()
    renderSection()
    const table = await screen.findByRole('table', { name: 'Scheduled sources' })
    fireEvent.click(within(within(table).getByRole('row', { name: /Deezer/ })).getByRole('button', { name: /Check now/ }))
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path === '/api/analytics/sources/7/check')).toBe(true))
  })
})
