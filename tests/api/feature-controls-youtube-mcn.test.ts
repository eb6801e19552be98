import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asc, eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { signedIn, twoWorkspaces, type createWorkspace } from '../helpers/fixtures'
import { jobs } from '../../src/server/db/schema'
import { auditsOf } from './payouts-fixtures'

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
let admin: TestClient
let artist: TestClient
let label: TestClient
let otherAdmin: TestClient

beforeAll(async () => {
  t = await createTestApp()
  ;({ ws, admin, artist, otherAdmin } = await twoWorkspaces(t, 'mcnws', 'mcnother'))
  label = await signedIn(t.app, 'label@mcnws.test')
})
afterAll(() => t.close())

let serial = 0
/** A fresh valid channel id per request ("UC" and 22 characters). */
const channel = () => `UC${String(++serial).padStart(22, 'x')}`
const fields = (overrides: Record<string, unknown> = {}) => ({ channelId: channel(), subscribers: 12_500, videos: 48, views: 3_400_000, ...overrides })

async function request(overrides: Record<string, unknown> = {}, client: TestClient = artist) {
  return (await client.ok('youtubeMcn.create', { body: fields(overrides) })).id
}
const list = (query: Record<string, unknown> = {}, client: TestClient = admin) =>
  client.ok('youtubeMcn.list', { params: { page: 1 }, query: { per_page: 25, ...query } })
const mailsTo = async (to: string) =>
  (await t.services.db.select().from(jobs).where(eq(jobs.type, 'mail.send')).orderBy(asc(jobs.id)))
    .map((job) => job.payload as { to: string; subject: string; text: string })
    .filter((mail) => mail.to === to)

describe('YouTube MCN requests', () => {
  it('the artist asks to join a channel; staff see it pending with its figures; a channel URL is reduced to its id', async () => {
    const id = await request({ channelId: 'https://www.youtube.com/channel/UCaBcDeFgHiJkLmNoPqRsTuV/' })
    const row = (await list({ status: 'pending' })).data.find((found) => found.id === id)!
    expect(row).toMatchObject({
      kind: 'youtubeMcn',
      status: 'pending',
      title: 'UCaBcDeFgHiJkLmNoPqRsTuV',
      requester: { id: ws.artist.id, email: 'artist@mcnws.test' },
      release: null,
      fields: { channelId: 'UCaBcDeFgHiJkLmNoPqRsTuV', subscribers: 12_500, videos: 48, views: 3_400_000 },
    })
    expect((await artist.ok('youtubeMcn.mine', { params: { page: 1 }, query: { per_page: 25 } })).data.map((r) => r.id)).toContain(id)
    expect((await auditsOf(t.services, ws.tenant.id, 'youtubeMcn_request.created')).map((audit) => audit.entityId)).toContain(String(id))
  })

  it('validates the channel id and the figures', async () => {
    for (const channelId of ['UCshort', 'https://www.youtube.com/@handle', 'XXaBcDeFgHiJkLmNoPqRsTuV', '']) {
      const bad = await artist.call('youtubeMcn.create', { body: fields({ channelId }) })
      expect(bad.status, channelId).toBe(400)
      expect(bad.error.errors?.channelId).toBe('Not a YouTube channel id: it starts with UC and has 24 characters')
    }
    expect((await artist.call('youtubeMcn.create', { body: fields({ subscribers: -1 }) })).error.errors?.subscribers).toBe(
      'The number of subscribers cannot be negative',
    )
    expect((await artist.call('youtubeMcn.create', { body: fields({ videos: 1.5 }) })).error.errors?.videos).toBe('The number of videos is a whole number')
    expect((await artist.call('youtubeMcn.create', { body: { channelId: channel() } as never })).status).toBe(400)
  })

  it('refuses a second request for a channel that is pending or in the network, and reconsidering one that is', async () => {
    const channelId = channel()
    const first = await request({ channelId })
    const again = await label.call('youtubeMcn.create', { body: fields({ channelId }) })
    expect(again.error.errors?.channelId).toBe(`The channel already has a pending request (#${first}).`)
    await admin.ok('youtubeMcn.changeStatus', { body: { ids: [first], status: 'approved' } })
    expect((await artist.call('youtubeMcn.create', { body: fields({ channelId }) })).error.errors?.channelId).toBe(
      `The channel is already in the network (request #${first}).`,
    )
    await admin.ok('youtubeMcn.changeStatus', { body: { ids: [first], status: 'removed', reason: 'Reused content strikes' } })
    const second = await request({ channelId })
    await admin.ok('youtubeMcn.changeStatus', { body: { ids: [second], status: 'rejected', reason: 'Too few subscribers' } })
    const third = await request({ channelId })
    const reconsider = await admin.call('youtubeMcn.changeStatus', { body: { ids: [second], status: 'pending' } })
    expect(reconsider.status).toBe(409)
    expect(reconsider.error.message).toBe(`The channel already has a pending request (#${third}).`)
  })

  it('approves, removes with a reason, rejects and reconsiders; refuses every other move; mails and audits each change', async () => {
    const id = await request()
    const before = (await mailsTo('artist@mcnws.test')).length
    expect((await admin.call('youtubeMcn.changeStatus', { body: { ids: [id], status: 'removed', reason: 'x' } })).error.message).toBe(
      'A pending channel join cannot become removed.',
    )
    expect((await admin.call('youtubeMcn.changeStatus', { body: { ids: [id], status: 'rejected' } })).error.message).toBe(
      'Give a reason: the requester is told why.',
    )
    expect((await admin.ok('youtubeMcn.changeStatus', { body: { ids: [id], status: 'approved' } })).message).toBe(`Channel join request #${id} is now approved.`)
    expect((await admin.call('youtubeMcn.changeStatus', { body: { ids: [id], status: 'pending' } })).error.message).toBe(
      'A approved channel join cannot become pending.',
    )
    expect((await admin.call('youtubeMcn.changeStatus', { body: { ids: [id], status: 'removed' } })).status).toBe(409)
    await admin.ok('youtubeMcn.changeStatus', { body: { ids: [id], status: 'removed', reason: 'Left the label' } })
    expect((await admin.call('youtubeMcn.changeStatus', { body: { ids: [id], status: 'approved' } })).error.message).toBe(
      'A removed channel join cannot change any more.',
    )
    const other = await request()
    await admin.ok('youtubeMcn.changeStatus', { body: { ids: [other], status: 'rejected', reason: 'Channel not verified' } })
    await admin.ok('youtubeMcn.changeStatus', { body: { ids: [other], status: 'pending' } })
    const mails = (await mailsTo('artist@mcnws.test')).slice(before)
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Your channel join request #${id} is approved`,
      `Your channel join request #${id} is removed`,
      `Your channel join request #${other} is rejected`,
      `Your channel join request #${other} is pending`,
    ])
    expect(mails[1].text).toContain('Reason: Left the label')
    const audits = await auditsOf(t.services, ws.tenant.id, 'youtubeMcn_request.status_changed')
    expect(audits.filter((audit) => audit.entityId === String(id))).toHaveLength(2)
  })

  it('keeps requests to their workspace and staff calls to staff; searches by channel and #id; the queue opens the filtered list', async () => {
    const channelId = channel()
    const id = await request({ channelId })
    expect((await otherAdmin.call('youtubeMcn.changeStatus', { body: { ids: [id], status: 'approved' } })).status).toBe(404)
    expect((await list({}, otherAdmin)).data.find((row) => row.id === id)).toBeUndefined()
    expect((await artist.call('youtubeMcn.list', { params: { page: 1 }, query: { per_page: 25 } })).status).toBe(403)
    expect((await artist.call('youtubeMcn.changeStatus', { body: { ids: [id], status: 'approved' } })).status).toBe(403)
    expect((await label.ok('youtubeMcn.mine', { params: { page: 1 }, query: { per_page: 25 } })).data.every((row) => row.requester.id === ws.label.id)).toBe(
      true,
    )
    expect((await list({ search: channelId.slice(0, 12) })).data.map((row) => row.id)).toContain(id)
    expect((await list({ search: `#${id}` })).data.map((row) => row.id)).toEqual([id])
    expect((await admin.ok('search.query', { query: { q: `mcn${id}` } })).hits.find((hit) => hit.kind === 'youtubeMcn')).toMatchObject({ id })
    expect((await admin.ok('featureRequests.queue')).data.find((item) => item.id === id)).toMatchObject({
      kind: 'youtubeMcn',
      path: `/youtube-mcn/manage/1?search=%23${id}`,
    })
  })
})
