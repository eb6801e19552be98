import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { TestClient } from '../helpers/client'
import { createWorkspace, signedIn } from '../helpers/fixtures'
import { auditLog, files, loginSlides, siteSettings } from '../../src/server/db/schema'
import { encodePng } from '../../src/domains/site-setup/server/png'

// Workspaces answer at <slug>.wl.test: the sign-in page and public files are found by host.
let t: TestApp
let acme: Awaited<ReturnType<typeof createWorkspace>>
let globex: Awaited<ReturnType<typeof createWorkspace>>
let admin: TestClient
let artist: TestClient
let globexAdmin: TestClient

const ACME = 'acme.wl.test'
const GLOBEX = 'globex.wl.test'
/** A real 1x1 JPEG. */
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
)
const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`
const png = (width: number, height: number, color: [number, number, number, number] = [245, 197, 66, 255]) =>
  dataUrl(encodePng(width, height, () => color))
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')

async function auditActions(tenantId: number) {
  const rows = await t.services.db.select().from(auditLog).where(eq(auditLog.tenantId, tenantId))
  return rows.map((row) => row.action)
}

beforeAll(async () => {
  t = await createTestApp({ env: { BASE_DOMAIN: 'wl.test' } })
  acme = await createWorkspace(t.services, 'acme')
  globex = await createWorkspace(t.services, 'globex')
  admin = await signedIn(t.app, 'admin@acme.test', { host: ACME })
  artist = await signedIn(t.app, 'artist@acme.test', { host: ACME })
  globexAdmin = await signedIn(t.app, 'admin@globex.test', { host: GLOBEX })
})
afterAll(() => t.close())

describe('site settings', () => {
  it('start from the spec defaults before anything is saved', async () => {
    expect(await admin.ok('site.settings')).toEqual({
      companyName: null,
      logo: null,
      darkLogo: null,
      logoSize: 50,
      logoDimensions: null,
      darkLogoDimensions: null,
      favicon: null,
      colors: { primary: '#F5C542', accent: '#FFF8E6', navbarBackground: '#000000', navbarText: '#F5C542', buttonText: '#000000' },
      showSidebarSlider: false,
      supportEmail: null,
      shortLinkHost: null,
      address: { country: null, postcode: null, state: null, city: null, line1: null, line2: null },
      updatedAt: null,
    })
  })

  it('save the company name and sidebar slider, and audit who changed what', async () => {
    const saved = await admin.ok('site.saveSettings', { body: { companyName: '  Acme Records ', showSidebarSlider: true } })
    expect(saved).toMatchObject({ companyName: 'Acme Records', showSidebarSlider: true })
    expect((await admin.ok('site.settings')).companyName).toBe('Acme Records')
    const [row] = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, acme.tenant.id), eq(auditLog.action, 'site.settings_saved')))
    expect(row).toMatchObject({
      actorAccountId: acme.admin.id,
      before: { companyName: null, showSidebarSlider: false },
      after: { companyName: 'Acme Records', showSidebarSlider: true },
    })
  })

  it('save colours (upper-cased) and refuse what is not a hex colour', async () => {
    const colors = { primary: '#112233', accent: '#fafafa', navbarBackground: '#101010', navbarText: '#ffffff', buttonText: '#000000' }
    expect((await admin.ok('site.saveColors', { body: colors })).colors).toEqual({ ...colors, accent: '#FAFAFA', navbarText: '#FFFFFF' })
    const bad = await admin.call('site.saveColors', { body: { ...colors, primary: 'red' } })
    expect(bad.status).toBe(400)
    expect(bad.error.errors).toEqual({ primary: 'Use a colour like #F5C542' })
  })

  it('save the address with a country from the list, and require country, postcode and state', async () => {
    const saved = await admin.ok('site.saveAddress', {
      body: { country: 'gb', postcode: 'EC1A 1BB', state: 'London', city: 'London', line1: '1 Music Street', line2: '' },
    })
    expect(saved.address).toEqual({
      country: 'GB',
      postcode: 'EC1A 1BB',
      state: 'London',
      city: 'London',
      line1: '1 Music Street',
      line2: null,
    })
    const missing = await admin.call('site.saveAddress', { body: { country: '', postcode: ' ', state: '' } })
    expect(missing.status).toBe(400)
    expect(missing.error.errors).toMatchObject({
      country: 'Country is required',
      postcode: 'Postcode is required',
      state: 'State is required',
    })
    const unknown = await admin.call('site.saveAddress', { body: { country: 'ZZ', postcode: '1', state: 'S' } })
    expect(unknown.error.errors).toEqual({ country: 'Choose a country from the list' })
  })

  it('set the support email: required, and must look like an address', async () => {
    expect(await admin.ok('site.saveSupportEmail', { body: { supportEmail: ' Help@Acme.test ' } })).toEqual({
      supportEmail: 'help@acme.test',
    })
    expect((await admin.ok('site.settings')).supportEmail).toBe('help@acme.test')
    const empty = await admin.call('site.saveSupportEmail', { body: { supportEmail: '' } })
    expect([empty.status, empty.error.message]).toEqual([400, 'Email is required'])
    const invalid = await admin.call('site.saveSupportEmail', { body: { supportEmail: 'not-an-address' } })
    expect([invalid.status, invalid.error.message]).toEqual([400, 'Email must be valid'])
  })

  it('refuse every change from an account that is not an admin, with a clear message', async () => {
    const attempts = [
      await artist.call('site.saveSettings', { body: { companyName: 'Mine now' } }),
      await artist.call('site.saveColors', {
        body: { primary: '#000000', accent: '#000000', navbarBackground: '#000000', navbarText: '#000000', buttonText: '#000000' },
      }),
      await artist.call('site.saveAddress', { body: { country: 'US', postcode: '1', state: 'S' } }),
      await artist.call('site.saveSupportEmail', { body: { supportEmail: 'me@acme.test' } }),
      await artist.call('site.saveLogo', { body: { logo: png(10, 10) } }),
      await artist.call('site.saveTheme', { body: { logoSize: 60 } }),
      await artist.call('site.saveMenus', { body: { items: [{ key: 'dashboard', label: 'Home', visible: true }] } }),
    ]
    for (const attempt of attempts) {
      expect(attempt.status).toBe(403)
      expect(attempt.error.message).toBe('Only the workspace’s admins can change the workspace’s settings.')
    }
    expect((await artist.ok('site.settings')).companyName).toBe('Acme Records')
    expect((await new TestClient(t.app, ACME).call('site.settings')).status).toBe(401)
  })

  it('keep each workspace to itself', async () => {
    expect((await globexAdmin.ok('site.settings')).companyName).toBeNull()
    await globexAdmin.ok('site.saveSettings', { body: { companyName: 'Globex Sound' } })
    expect((await admin.ok('site.settings')).companyName).toBe('Acme Records')
  })
})

describe('logos, favicon and theme', () => {
  it('store light and dark logos checked by content, served publicly with safe headers', async () => {
    const saved = await admin.ok('site.saveLogo', { body: { logo: png(300, 100), darkLogo: dataUrl(JPEG, 'image/png') } })
    expect(saved.logo?.url).toBe(`/api/site/public/files/${saved.logo?.id}`)
    expect(saved.darkLogo).not.toBeNull()
    const [logoFile] = await t.services.db.select().from(files).where(eq(files.id, saved.logo!.id))
    expect(logoFile).toMatchObject({ contentType: 'image/png', visibility: 'public', purpose: 'logo', tenantId: acme.tenant.id })
    const [darkFile] = await t.services.db.select().from(files).where(eq(files.id, saved.darkLogo!.id))
    // Declared as PNG, judged by its bytes: a JPEG.
    expect(darkFile.contentType).toBe('image/jpeg')

    // Guests on the workspace's host get it, as an inline image that can never run as a page.
    const response = await t.app.inject({ method: 'GET', url: saved.logo!.url, headers: { host: ACME } })
    expect(response.statusCode).toBe(200)
    expect(response.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    })
    expect(response.rawPayload.subarray(1, 4).toString()).toBe('PNG')
    // Not from another workspace's host.
    expect((await t.app.inject({ method: 'GET', url: saved.logo!.url, headers: { host: GLOBEX } })).statusCode).toBe(404)
  })

  it('refuse what is not a JPG or PNG, whatever it claims to be', async () => {
    const gif = await admin.call('site.saveLogo', { body: { logo: dataUrl(GIF, 'image/png') } })
    expect([gif.status, gif.error.message]).toEqual([415, 'The file must be a JPG or PNG image.'])
    const text = await admin.call('site.saveLogo', { body: { favicon: dataUrl(Buffer.from('<svg onload="alert(1)"/>'), 'image/png') } })
    expect(text.status).toBe(415)
    const notDataUrl = await admin.call('site.saveLogo', { body: { logo: 'https://example.com/logo.png' } })
    expect([notDataUrl.status, notDataUrl.error.message]).toEqual([400, 'The image must be a JPG or PNG file.'])
    const nothing = await admin.call('site.saveLogo', { body: {} })
    expect([nothing.status, nothing.error.message]).toEqual([400, 'Choose an image first'])
  })

  it('save the logo size and dimensions; dimensions need both width and height', async () => {
    const saved = await admin.ok('site.saveTheme', {
      body: { logoSize: 60, logoDimensions: { width: 180, height: 60 }, darkLogoDimensions: { width: 60, height: 60 } },
    })
    expect(saved).toMatchObject({ logoSize: 60, logoDimensions: { width: 180, height: 60 }, darkLogoDimensions: { width: 60, height: 60 } })
    // Without dimensions the theme keeps the ones it has.
    expect(await admin.ok('site.saveTheme', { body: { logoSize: 70 } })).toMatchObject({
      logoSize: 70,
      logoDimensions: { width: 180, height: 60 },
    })
    for (const dimensions of [{ width: 180 }, { width: 0, height: 60 }, { width: 'wide', height: 60 }]) {
      const result = await admin.call('site.saveTheme', { body: { logoSize: 60, logoDimensions: dimensions as never } })
      expect([result.status, result.error.message]).toEqual([400, 'Invalid logo dimensions'])
    }
    // Another workspace has no logo: dimensions of nothing are refused too.
    const noLogo = await globexAdmin.call('site.saveTheme', { body: { logoSize: 50, logoDimensions: { width: 10, height: 10 } } })
    expect([noLogo.status, noLogo.error.message]).toEqual([400, 'Invalid logo dimensions'])
    const tooBig = await admin.call('site.saveTheme', { body: { logoSize: 500 } })
    expect(tooBig.status).toBe(400)
  })

  it('replace and remove logos, deleting the old files, and version the favicon on every change', async () => {
    const before = await admin.ok('site.settings')
    const first = await admin.ok('site.saveLogo', { body: { favicon: png(32, 32) } })
    expect(first.favicon?.version).toBe(1)
    expect(first.favicon?.url).toBe(`/api/site/public/files/${first.favicon?.id}?v=1`)
    const second = await admin.ok('site.saveLogo', { body: { favicon: png(64, 64), logo: png(200, 50) } })
    expect(second.favicon?.version).toBe(2)
    expect(second.favicon?.url).toMatch(/\?v=2$/)
    // A new logo drops the dimensions of the old one.
    expect(second.logoDimensions).toBeNull()
    const gone = await t.services.db.select().from(files).where(eq(files.id, before.logo!.id))
    expect(gone).toEqual([])
    const removed = await admin.ok('site.saveLogo', { body: { darkLogo: null } })
    expect(removed.darkLogo).toBeNull()
    expect(removed.darkLogoDimensions).toBeNull()
    expect(await auditActions(acme.tenant.id)).toEqual(expect.arrayContaining(['site.logo_saved', 'site.theme_saved', 'site.colors_saved']))
  })
})

describe('the sign-in page', () => {
  it('gets the workspace colours, logos, favicon and visible slides in order', async () => {
    await admin.ok('site.saveLogo', { body: { darkLogo: png(40, 40) } })
    await admin.ok('site.saveTheme', { body: { logoSize: 50, logoDimensions: { width: 200, height: 50 } } })
    const first = await admin.ok('site.createLoginSlide', { body: { image: png(96, 54), artistName: 'Nina Vale', text: 'Out now' } })
    const hidden = await admin.ok('site.createLoginSlide', { body: { image: png(96, 54), artistName: 'Hidden Act', visible: false } })
    const last = await admin.ok('site.createLoginSlide', {
      body: { image: png(96, 54), artistName: 'Aurora', link: 'https://example.com/aurora' },
    })
    await admin.ok('site.orderLoginSlides', { body: { ids: [last.id, hidden.id, first.id] } })

    const site = await new TestClient(t.app, ACME).ok('site.public')
    expect(site.workspace).toEqual({ slug: 'acme', name: 'acme music' })
    expect(site.colors.primary).toBe('#112233')
    expect(site.branding?.logo).toMatchObject({ width: 200, height: 50 })
    expect(site.branding?.darkLogo?.url).toMatch(/^\/api\/site\/public\/files\/\d+$/)
    expect(site.branding?.faviconUrl).toMatch(/\?v=2$/)
    expect(site.branding?.slides.map((slide) => [slide.artistName, slide.link])).toEqual([
      ['Aurora', 'https://example.com/aurora'],
      ['Nina Vale', null],
    ])
    const image = await t.app.inject({ method: 'GET', url: site.branding!.slides[0].imageUrl!, headers: { host: ACME } })
    expect(image.statusCode).toBe(200)

    // Another workspace shows its own (default) face.
    const other = await new TestClient(t.app, GLOBEX).ok('site.public')
    expect(other.colors.primary).toBe('#F5C542')
    expect(other.branding).toMatchObject({ logo: null, darkLogo: null, faviconUrl: null, slides: [] })
  })

  it('serves only public files of the host’s workspace to guests', async () => {
    const privateFile = await t.services.files.save(t.services.db, {
      tenantId: acme.tenant.id,
      purpose: 'document',
      originalName: 'contract.png',
      data: encodePng(4, 4, () => [0, 0, 0, 255]),
      kind: 'image',
      maxBytes: 1024 * 1024,
    })
    const guest = (url: string, host = ACME) => t.app.inject({ method: 'GET', url, headers: { host } })
    expect((await guest(`/api/site/public/files/${privateFile.id}`)).statusCode).toBe(404)
    expect((await guest('/api/site/public/files/999999')).statusCode).toBe(404)
    const globexLogo = await globexAdmin.ok('site.saveLogo', { body: { logo: png(20, 20) } })
    expect((await guest(globexLogo.logo!.url, ACME)).statusCode).toBe(404)
    expect((await guest(globexLogo.logo!.url, GLOBEX)).statusCode).toBe(200)
  })
})

describe('client portal menu', () => {
  it('lists the default items in order until an admin changes them', async () => {
    const { data } = await artist.ok('site.menus')
    expect(data.map((item) => item.key)).toEqual([
      'dashboard',
      'releases',
      'analytics',
      'earnings',
      'royalty-splits',
      'payouts',
      'reports',
      'news',
      'help-center',
      'support',
    ])
    expect(data.every((item, index) => item.visible && item.position === index)).toBe(true)
  })

  it('renames, hides and reorders, keeping every item exactly once', async () => {
    const { data } = await admin.ok('site.menus')
    const items = data.map(({ key, label, visible }) => ({ key, label, visible }))
    const reordered = [{ ...items[3], label: 'Royalties' }, ...items.slice(0, 3), { ...items[4], visible: false }, ...items.slice(5)]
    const saved = await admin.ok('site.saveMenus', { body: { items: reordered } })
    expect(saved.data.slice(0, 5).map((item) => [item.key, item.label, item.visible])).toEqual([
      ['earnings', 'Royalties', true],
      ['dashboard', 'Dashboard', true],
      ['releases', 'Releases', true],
      ['analytics', 'Analytics', true],
      ['royalty-splits', 'Royalty Splits', false],
    ])
    expect((await artist.ok('site.menus')).data[0].label).toBe('Royalties')
    // Another workspace keeps the defaults.
    expect((await globexAdmin.ok('site.menus')).data[0].key).toBe('dashboard')

    const dropped = await admin.call('site.saveMenus', { body: { items: reordered.slice(1) } })
    expect([dropped.status, dropped.error.message]).toEqual([400, 'The menu must list every item exactly once.'])
    const twice = await admin.call('site.saveMenus', { body: { items: [...reordered.slice(1), reordered[1]] } })
    expect(twice.status).toBe(400)
    const unknown = await admin.call('site.saveMenus', {
      body: { items: [...reordered.slice(1), { key: 'casino', label: 'Casino', visible: true }] },
    })
    expect(unknown.status).toBe(400)
    const blank = await admin.call('site.saveMenus', { body: { items: reordered.map((item, i) => (i ? item : { ...item, label: ' ' })) } })
    expect(blank.error.errors).toEqual({ 'items.0.label': 'Label is required' })
    expect(await auditActions(acme.tenant.id)).toContain('site.menus_saved')
  })
})

describe('login slides', () => {
  it('are created, edited, shown or hidden, reordered and deleted by admins', async () => {
    const created = await admin.ok('site.createLoginSlide', {
      body: { image: png(120, 60), artistName: 'Edit Me', text: 'Before', link: '' },
    })
    expect(created).toMatchObject({ artistName: 'Edit Me', text: 'Before', link: null, visible: true })
    const oldImage = created.image!.id

    const edited = await admin.ok('site.updateLoginSlide', {
      params: { id: created.id },
      body: { artistName: 'Edited', text: 'After', link: 'https://example.com/x', image: dataUrl(JPEG, 'image/jpeg') },
    })
    expect(edited).toMatchObject({ artistName: 'Edited', text: 'After', link: 'https://example.com/x' })
    expect(edited.image!.id).not.toBe(oldImage)
    expect(await t.services.db.select().from(files).where(eq(files.id, oldImage))).toEqual([])
    // Without a new image the old one stays.
    const kept = await admin.ok('site.updateLoginSlide', { params: { id: created.id }, body: { artistName: 'Edited again' } })
    expect(kept.image!.id).toBe(edited.image!.id)

    expect((await admin.ok('site.loginSlideVisibility', { body: { id: created.id, visible: false } })).visible).toBe(false)

    const { data } = await admin.ok('site.loginSlides')
    const reversed = data.map((slide) => slide.id).reverse()
    expect((await admin.ok('site.orderLoginSlides', { body: { ids: reversed } })).data.map((slide) => slide.id)).toEqual(reversed)
    const partial = await admin.call('site.orderLoginSlides', { body: { ids: reversed.slice(1) } })
    expect([partial.status, partial.error.message]).toEqual([400, 'List every slide exactly once.'])

    expect(await admin.ok('site.deleteLoginSlide', { query: { id: created.id } })).toEqual({ ok: true, message: 'Slide deleted.' })
    expect(await t.services.db.select().from(loginSlides).where(eq(loginSlides.id, created.id))).toEqual([])
    expect(await t.services.db.select().from(files).where(eq(files.id, edited.image!.id))).toEqual([])
    expect(await auditActions(acme.tenant.id)).toEqual(
      expect.arrayContaining([
        'site.slide_created',
        'site.slide_updated',
        'site.slide_visibility',
        'site.slides_reordered',
        'site.slide_deleted',
      ]),
    )
  })

  it('validate what is sent', async () => {
    const noName = await admin.call('site.createLoginSlide', { body: { image: png(10, 10), artistName: ' ' } })
    expect(noName.error.errors).toEqual({ artistName: 'Artist name is required' })
    const badLink = await admin.call('site.createLoginSlide', {
      body: { image: png(10, 10), artistName: 'A', link: 'javascript:alert(1)' },
    })
    expect(badLink.error.errors).toEqual({ link: 'Link must start with http:// or https://' })
    const noImage = await admin.call('site.createLoginSlide', { body: { artistName: 'A' } as never })
    expect(noImage.status).toBe(400)
    const gif = await admin.call('site.createLoginSlide', { body: { image: dataUrl(GIF, 'image/jpeg'), artistName: 'A' } })
    expect(gif.status).toBe(415)
  })

  it('belong to admins and to their own workspace', async () => {
    expect((await artist.call('site.loginSlides')).status).toBe(403)
    expect((await artist.call('site.createLoginSlide', { body: { image: png(10, 10), artistName: 'A' } })).status).toBe(403)
    const { data } = await admin.ok('site.loginSlides')
    const theirs = data[0]
    expect((await globexAdmin.call('site.updateLoginSlide', { params: { id: theirs.id }, body: { artistName: 'Stolen' } })).status).toBe(
      404,
    )
    expect((await globexAdmin.call('site.deleteLoginSlide', { query: { id: theirs.id } })).status).toBe(404)
    expect((await globexAdmin.call('site.loginSlideVisibility', { body: { id: theirs.id, visible: false } })).status).toBe(404)
    expect((await globexAdmin.call('site.orderLoginSlides', { body: { ids: [theirs.id] } })).status).toBe(400)
    expect((await globexAdmin.ok('site.loginSlides')).data).toEqual([])
    const [row] = await t.services.db.select().from(loginSlides).where(eq(loginSlides.id, theirs.id))
    expect(row.artistName).toBe(theirs.artistName)
  })
})

describe('stored settings', () => {
  it('are one row per workspace', async () => {
    const rows = await t.services.db.select({ tenantId: siteSettings.tenantId }).from(siteSettings)
    expect(rows.map((row) => row.tenantId).sort()).toEqual([acme.tenant.id, globex.tenant.id].sort())
  })
})
