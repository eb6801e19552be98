import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asc, eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { signedIn, twoWorkspaces, type createWorkspace } from '../helpers/fixtures'
import { jobs } from '../../src/server/db/schema'
import { auditsOf } from './payouts-fixtures'
import { createRelease, upc } from './releases-fixtures'

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
let admin: TestClient
let artist: TestClient
let label: TestClient
let otherAdmin: TestClient

beforeAll(async () => {
  t = await createTestApp()
  ;({ ws, admin, artist, otherAdmin } = await twoWorkspaces(t, 'chartws', 'chartother'))
  label = await signedIn(t.app, 'label@chartws.test')
})
afterAll(() => t.close())

let serial = 0
/** A release of the artist's own with a UPC and two tracks with ISRCs, unless told otherwise. */
async function release(overrides: Record<string, unknown> = {}, isrcs: (string | null)[] = ['USRC17607839', 'GBAYE0000001'], accountId = ws.artist.id) {
  serial += 1
  const made = await createRelease(
    t.services,
    {
      tenantId: ws.tenant.id,
      accountId,
      title: `Chart Record ${serial}`,
      upc: upc(serial),
      label: 'Indie, Label',
      primaryGenre: 'Pop',
      type: 'EP',
      releaseDate: '2026-05-01',
      artistText: 'The Band',
      participants: [{ name: 'Ann Writer', roles: 'Composer' }],
      ...overrides,
    },
    isrcs.map((isrc) => ({ isrc })),
  )
  return made.release.id
}

const request = async (releaseId: number, client: TestClient = artist) =>
  (await client.ok('chartRegistration.create', { body: { releaseId, comment: 'For the first week' } })).id
const mailsTo = async (to: string) =>
  (await t.services.db.select().from(jobs).where(eq(jobs.type, 'mail.send')).orderBy(asc(jobs.id)))
    .map((job) => job.payload as { to: string; subject: string; text: string })
    .filter((mail) => mail.to === to)

describe('chart registrations', () => {
  it('the artist registers a release; staff see the release as registered with its UPC, tracks and ISRCs', async () => {
    const releaseId = await release()
    const id = await request(releaseId)
    const list = await admin.ok('chartRegistration.list', { query: { page: 1, per_page: 25, status: 'pending' } })
    expect(list.data.map((row) => row.id)).toContain(id)
    const single = await admin.ok('chartRegistration.single', { params: { id } })
    expect(single).toMatchObject({
      kind: 'chartRegistration',
      status: 'pending',
      title: `Chart Record ${serial}`,
      release: { id: releaseId },
      fields: {
        upc: upc(serial),
        title: `Chart Record ${serial}`,
        artist: 'The Band',
        label: 'Indie, Label',
        releaseDate: '2026-05-01',
        format: 'EP',
        genre: 'Pop',
        participants: [{ name: 'Ann Writer', roles: 'Composer' }],
        comment: 'For the first week',
        tracks: [
          { position: 1, isrc: 'USRC17607839' },
          { position: 2, isrc: 'GBAYE0000001' },
        ],
      },
    })
    expect((await artist.ok('chartRegistration.mine', { params: { page: 1 }, query: { per_page: 25 } })).data.map((row) => row.id)).toContain(id)
    expect((await auditsOf(t.services, ws.tenant.id, 'chartRegistration_request.created')).map((audit) => audit.entityId)).toContain(String(id))
  })

  it('needs a UPC, an ISRC on every track, the requester’s own release, and one registration at a time', async () => {
    const noUpc = await artist.call('chartRegistration.create', { body: { releaseId: await release({ upc: null }) } })
    expect(noUpc.status).toBe(400)
    expect(noUpc.error.errors?.releaseId).toBe('The release has no UPC yet: chart registration needs one')
    const noIsrc = await artist.call('chartRegistration.create', { body: { releaseId: await release({}, ['USRC17607839', null]) } })
    expect(noIsrc.error.errors?.releaseId).toBe(`Every track needs an ISRC: “Chart Record ${serial} 2” has none`)
    const labels = await release({}, undefined, ws.label.id)
    expect((await artist.call('chartRegistration.create', { body: { releaseId: labels } })).error.errors?.releaseId).toBe('Choose one of your releases')
    expect((await artist.call('chartRegistration.create', { body: { releaseId: 'x' } as never })).status).toBe(400)
    const releaseId = await release()
    const first = await request(releaseId)
    expect((await artist.call('chartRegistration.create', { body: { releaseId } })).error.errors?.releaseId).toBe(
      `The release already has a pending registration (#${first}).`,
    )
    await admin.ok('chartRegistration.changeStatus', { body: { ids: [first], status: 'approved' } })
    expect((await artist.call('chartRegistration.create', { body: { releaseId } })).error.errors?.releaseId).toBe(
      `The release is already registered (request #${first}).`,
    )
    await request(labels, label)
  })

  it('approves, revokes with a reason, rejects and reconsiders; refuses every other move; mails and audits', async () => {
    const id = await request(await release())
    const before = (await mailsTo('artist@chartws.test')).length
    expect((await admin.call('chartRegistration.changeStatus', { body: { ids: [id], status: 'revoked', reason: 'x' } })).error.message).toBe(
      'A pending chart registration cannot become revoked.',
    )
    await admin.ok('chartRegistration.changeStatus', { body: { ids: [id], status: 'approved' } })
    expect((await admin.call('chartRegistration.changeStatus', { body: { ids: [id], status: 'pending' } })).status).toBe(409)
    expect((await admin.call('chartRegistration.changeStatus', { body: { ids: [id], status: 'revoked' } })).error.message).toBe(
      'Give a reason: the requester is told why.',
    )
    await admin.ok('chartRegistration.changeStatus', { body: { ids: [id], status: 'revoked', reason: 'Wrong UPC' } })
    expect((await admin.call('chartRegistration.changeStatus', { body: { ids: [id], status: 'approved' } })).error.message).toBe(
      'A revoked chart registration cannot change any more.',
    )
    const other = await request(await release())
    await admin.ok('chartRegistration.changeStatus', { body: { ids: [other], status: 'rejected', reason: 'Release date missing' } })
    await admin.ok('chartRegistration.changeStatus', { body: { ids: [other], status: 'pending' } })
    expect((await mailsTo('artist@chartws.test')).slice(before).map((mail) => mail.subject)).toEqual([
      `Your chart registration request #${id} is approved`,
      `Your chart registration request #${id} is revoked`,
      `Your chart registration request #${other} is rejected`,
      `Your chart registration request #${other} is pending`,
    ])
    expect((await auditsOf(t.services, ws.tenant.id, 'chartRegistration_request.status_changed')).filter((a) => a.entityId === String(id))).toHaveLength(2)
  })

  it('exports approved registrations only, one CSV line per track, in the documented columns', async () => {
    const approvedRelease = await release({ title: '=Formula, "Quoted"' })
    const approved = await request(approvedRelease)
    const pending = await request(await release())
    await admin.ok('chartRegistration.changeStatus', { body: { ids: [approved], status: 'approved' } })
    const file = await admin.call('chartRegistration.export', { query: {} })
    expect(file.status).toBe(200)
    expect(file.response.headers['content-type']).toContain('text/csv')
    expect(file.response.headers['content-disposition']).toMatch(/attachment; filename="chart-registrations-\d{4}-\d{2}-\d{2}\.csv"/)
    const lines = file.response.body.trim().split('\r\n')
    expect(lines[0]).toBe(
      'Registration ID,UPC,ISRC,Release Title,Track Number,Track Title,Artist,Label,Release Date,Format,Genre,Approved Date',
    )
    const today = new Date().toISOString().slice(0, 10)
    const mine = lines.filter((line) => line.startsWith(`${approved},`))
    expect(mine).toEqual([
      `${approved},${upc(serial - 1)},USRC17607839,"'=Formula, ""Quoted""",1,"'=Formula, ""Quoted"" 1",The Band,"Indie, Label",2026-05-01,EP,Pop,${today}`,
      `${approved},${upc(serial - 1)},GBAYE0000001,"'=Formula, ""Quoted""",2,"'=Formula, ""Quoted"" 2",The Band,"Indie, Label",2026-05-01,EP,Pop,${today}`,
    ])
    expect(lines.some((line) => line.startsWith(`${pending},`))).toBe(false)
    const past = await admin.call('chartRegistration.export', { query: { to: '2020-01-01' } })
    expect(past.response.body.trim().split('\r\n')).toHaveLength(1)
    expect((await artist.call('chartRegistration.export', { query: {} })).status).toBe(403)
    const elsewhere = await otherAdmin.call('chartRegistration.export', { query: {} })
    expect(elsewhere.response.body.trim().split('\r\n')).toHaveLength(1)
  })

  it('keeps registrations to their workspace and staff calls to staff; the palette and the queue find them', async () => {
    const id = await request(await release())
    expect((await otherAdmin.call('chartRegistration.single', { params: { id } })).status).toBe(404)
    expect((await otherAdmin.call('chartRegistration.changeStatus', { body: { ids: [id], status: 'approved' } })).status).toBe(404)
    expect((await artist.call('chartRegistration.list', { query: { page: 1, per_page: 25 } })).status).toBe(403)
    expect((await artist.call('chartRegistration.changeStatus', { body: { ids: [id], status: 'approved' } })).status).toBe(403)
    expect((await admin.ok('chartRegistration.list', { query: { page: 1, per_page: 25, search: `#${id}` } })).data.map((row) => row.id)).toEqual([id])
    expect((await admin.ok('search.query', { query: { q: `soundscan:${id}` } })).hits.find((hit) => hit.kind === 'chartRegistration')).toMatchObject({
      id,
      title: `Chart registration #${id}: Chart Record ${serial}`,
    })
    expect((await admin.ok('featureRequests.queue')).data.find((item) => item.id === id)).toMatchObject({ path: `/soundscan/single/${id}` })
  })
})
