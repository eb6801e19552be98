import type { z } from 'zod'
import { DEFAULT_LOGO_SIZE, DEFAULT_THEME_COLORS, type ThemeColors } from '@core/theme'
import { IMAGE_LIMITS, INVALID_LOGO_DIMENSIONS, type siteEndpoints } from '@contract/site'
import type { EndpointResult } from '@contract/index'
import type { AuthedContext, Services } from '@server/context'
import type { Queryable } from '@server/db/engine'
import { auditedMutation } from '@server/audit'
import { badRequest, notFound } from '@server/errors'
import { requireAdmin } from './access'
import { DEFAULT_MENU, publicFileUrl } from './defaults'
import { removeFiles, saveImage } from './images'
import * as repo from './repository'

type Body<K extends keyof typeof siteEndpoints> = (typeof siteEndpoints)[K] extends { body: infer B extends z.ZodType }
  ? z.output<B>
  : never
type SiteSettingsResult = EndpointResult<(typeof siteEndpoints)['site.settings']>

export function colorsOf(row: repo.SettingsRow | null): ThemeColors {
  return { ...DEFAULT_THEME_COLORS, ...(row?.colors ?? {}) }
}

const dimensionsOf = (width: number | null | undefined, height: number | null | undefined) => (width && height ? { width, height } : null)

export function toSiteSettings(row: repo.SettingsRow | null): SiteSettingsResult {
  return {
    companyName: row?.companyName ?? null,
    logo: row?.logoFileId ? { id: row.logoFileId, url: publicFileUrl(row.logoFileId) } : null,
    darkLogo: row?.darkLogoFileId ? { id: row.darkLogoFileId, url: publicFileUrl(row.darkLogoFileId) } : null,
    logoSize: row?.logoSize ?? DEFAULT_LOGO_SIZE,
    logoDimensions: dimensionsOf(row?.logoWidth, row?.logoHeight),
    darkLogoDimensions: dimensionsOf(row?.darkLogoWidth, row?.darkLogoHeight),
    favicon: row?.faviconFileId
      ? { id: row.faviconFileId, url: publicFileUrl(row.faviconFileId, row.faviconVersion), version: row.faviconVersion }
      : null,
    colors: colorsOf(row),
    showSidebarSlider: row?.showSidebarSlider ?? false,
    supportEmail: row?.supportEmail ?? null,
    shortLinkHost: row?.shortLinkHost ?? null,
    address: {
      country: row?.country ?? null,
      postcode: row?.postcode ?? null,
      state: row?.state ?? null,
      city: row?.city ?? null,
      line1: row?.addressLine1 ?? null,
      line2: row?.addressLine2 ?? null,
    },
    updatedAt: row?.updatedAt ?? null,
  }
}

/** Reads the settings, applies `change` and records who changed what, in one transaction. */
async function changeSettings(
  ctx: AuthedContext,
  action: string,
  change: (tx: Queryable, before: repo.SettingsRow | null) => Promise<repo.SettingsPatch>,
  pick: (row: repo.SettingsRow | null) => unknown,
): Promise<repo.SettingsRow> {
  requireAdmin(ctx)
  const { services, tenant, session } = ctx
  return auditedMutation(ctx, { action, entityType: 'site_settings', entityId: tenant.id }, async (tx) => {
    const before = await repo.findSettings(tx, tenant.id)
    const patch = await change(tx, before)
    const after = await repo.upsertSettings(tx, tenant.id, { ...patch, updatedBy: session.account.id }, services.now())
    return { result: after, before: pick(before), after: pick(after) }
  })
}

export async function getSettings(ctx: AuthedContext) {
  return toSiteSettings(await repo.findSettings(ctx.services.db, ctx.tenant.id))
}

export async function saveGeneral(ctx: AuthedContext, body: Body<'site.saveSettings'>) {
  const row = await changeSettings(
    ctx,
    'site.settings_saved',
    async (tx) => {
      // The public smartlink page finds its workspace by host: two workspaces cannot share one.
      if (body.shortLinkHost && (await repo.shortLinkHostTaken(tx, ctx.tenant.id, body.shortLinkHost)))
        throw badRequest('Another workspace uses this short-link host.', { shortLinkHost: 'Another workspace uses this short-link host.' })
      return {
        ...(body.companyName !== undefined ? { companyName: body.companyName || null } : {}),
        ...(body.showSidebarSlider !== undefined ? { showSidebarSlider: body.showSidebarSlider } : {}),
        ...(body.shortLinkHost !== undefined ? { shortLinkHost: body.shortLinkHost } : {}),
      }
    },
    (r) => ({
      companyName: r?.companyName ?? null,
      showSidebarSlider: r?.showSidebarSlider ?? false,
      shortLinkHost: r?.shortLinkHost ?? null,
    }),
  )
  return toSiteSettings(row)
}

export async function saveTheme(ctx: AuthedContext, body: Body<'site.saveTheme'>) {
  const row = await changeSettings(
    ctx,
    'site.theme_saved',
    async (_tx, before) => {
      // Dimensions describe a logo on screen: there must be that logo.
      if (body.logoDimensions && !before?.logoFileId) throw badRequest(INVALID_LOGO_DIMENSIONS, { logoDimensions: INVALID_LOGO_DIMENSIONS })
      if (body.darkLogoDimensions && !before?.darkLogoFileId) {
        throw badRequest(INVALID_LOGO_DIMENSIONS, { darkLogoDimensions: INVALID_LOGO_DIMENSIONS })
      }
      return {
        logoSize: body.logoSize,
        ...(body.logoDimensions ? { logoWidth: body.logoDimensions.width, logoHeight: body.logoDimensions.height } : {}),
        ...(body.darkLogoDimensions
          ? { darkLogoWidth: body.darkLogoDimensions.width, darkLogoHeight: body.darkLogoDimensions.height }
          : {}),
      }
    },
    (r) => ({
      logoSize: r?.logoSize ?? DEFAULT_LOGO_SIZE,
      logo: dimensionsOf(r?.logoWidth, r?.logoHeight),
      darkLogo: dimensionsOf(r?.darkLogoWidth, r?.darkLogoHeight),
    }),
  )
  return toSiteSettings(row)
}

export async function saveLogo(ctx: AuthedContext, body: Body<'site.saveLogo'>) {
  const { services, tenant, session } = ctx
  const replaced: (number | null)[] = []
  const row = await changeSettings(
    ctx,
    'site.logo_saved',
    async (tx, before) => {
      const patch: repo.SettingsPatch = {}
      const upload = async (dataUrl: string, purpose: string, maxBytes: number) =>
        (
          await saveImage(tx, services, {
            tenantId: tenant.id,
            dataUrl,
            purpose,
            name: purpose,
            maxBytes,
            visibility: 'public',
            createdBy: session.account.id,
          })
        ).file.id
      if (body.logo !== undefined) {
        replaced.push(before?.logoFileId ?? null)
        // New image, new dimensions: the old ones described the old logo.
        Object.assign(patch, {
          logoFileId: body.logo ? await upload(body.logo, 'logo', IMAGE_LIMITS.logo) : null,
          logoWidth: null,
          logoHeight: null,
        })
      }
      if (body.darkLogo !== undefined) {
        replaced.push(before?.darkLogoFileId ?? null)
        Object.assign(patch, {
          darkLogoFileId: body.darkLogo ? await upload(body.darkLogo, 'dark-logo', IMAGE_LIMITS.logo) : null,
          darkLogoWidth: null,
          darkLogoHeight: null,
        })
      }
      if (body.favicon !== undefined) {
        replaced.push(before?.faviconFileId ?? null)
        Object.assign(patch, {
          faviconFileId: body.favicon ? await upload(body.favicon, 'favicon', IMAGE_LIMITS.favicon) : null,
          faviconVersion: (before?.faviconVersion ?? 0) + 1,
        })
      }
      return patch
    },
    (r) => ({ logoFileId: r?.logoFileId ?? null, darkLogoFileId: r?.darkLogoFileId ?? null, faviconFileId: r?.faviconFileId ?? null }),
  )
  await removeFiles(services, tenant.id, replaced)
  return toSiteSettings(row)
}

export async function saveColors(ctx: AuthedContext, body: Body<'site.saveColors'>) {
  const row = await changeSettings(
    ctx,
    'site.colors_saved',
    async () => ({ colors: body }),
    (r) => colorsOf(r),
  )
  return toSiteSettings(row)
}

export async function saveAddress(ctx: AuthedContext, body: Body<'site.saveAddress'>) {
  const row = await changeSettings(
    ctx,
    'site.address_saved',
    async () => ({
      country: body.country,
      postcode: body.postcode,
      state: body.state,
      city: body.city ?? null,
      addressLine1: body.line1 ?? null,
      addressLine2: body.line2 ?? null,
    }),
    (r) => toSiteSettings(r).address,
  )
  return toSiteSettings(row)
}

export async function saveSupportEmail(ctx: AuthedContext, body: Body<'site.saveSupportEmail'>) {
  const row = await changeSettings(
    ctx,
    'site.support_email_saved',
    async () => ({ supportEmail: body.supportEmail }),
    (r) => ({ supportEmail: r?.supportEmail ?? null }),
  )
  return { supportEmail: row.supportEmail ?? body.supportEmail }
}

/** The workspace's short-link host setting for smartlinks (null: its own address). */
export async function shortLinkHostOf(db: Queryable, tenantId: number): Promise<string | null> {
  return (await repo.findSettings(db, tenantId))?.shortLinkHost ?? null
}

// ---------------------------------------------------------------------------------------------
// What guests see: the sign-in page's branding (its public files are served by the shared domain)

export async function publicBranding(services: Services, tenantId: number) {
  const [settings, slides] = await Promise.all([repo.findSettings(services.db, tenantId), repo.listSlides(services.db, tenantId, true)])
  const view = toSiteSettings(settings)
  const logo = (image: { url: string } | null, dimensions: { width: number; height: number } | null) =>
    image ? { url: image.url, width: dimensions?.width ?? null, height: dimensions?.height ?? null } : null
  return {
    colors: view.colors,
    branding: {
      logo: logo(view.logo, view.logoDimensions),
      darkLogo: logo(view.darkLogo, view.darkLogoDimensions),
      logoSize: view.logoSize,
      faviconUrl: view.favicon?.url ?? null,
      slides: slides.map((slide) => ({
        id: slide.id,
        artistName: slide.artistName,
        text: slide.text,
        link: slide.link,
        imageUrl: slide.imageFileId ? publicFileUrl(slide.imageFileId) : null,
      })),
    },
  }
}

// ---------------------------------------------------------------------------------------------
// The client portal's menu

/** Stored items in their order, then any default item the workspace has never saved, so a new item shows up. */
export async function menu(db: Queryable, tenantId: number) {
  const rows = await repo.listMenu(db, tenantId)
  const known = new Set(rows.map((row) => row.key))
  const items = [
    ...rows.map((row) => ({ key: row.key, label: row.label, visible: row.visible })),
    ...DEFAULT_MENU.filter((item) => !known.has(item.key)).map((item) => ({ ...item, visible: true })),
  ]
  return items.map((item, position) => ({ ...item, position }))
}

export async function getMenu(ctx: AuthedContext) {
  return { data: await menu(ctx.services.db, ctx.tenant.id) }
}

export async function saveMenu(ctx: AuthedContext, body: Body<'site.saveMenus'>) {
  requireAdmin(ctx)
  const { services, tenant } = ctx
  return auditedMutation(ctx, { action: 'site.menus_saved', entityType: 'menu', entityId: tenant.id }, async (tx) => {
    const before = await menu(tx, tenant.id)
    const expected = new Set(before.map((item) => item.key))
    const sent = body.items.map((item) => item.key)
    if (new Set(sent).size !== sent.length || sent.length !== expected.size || sent.some((key) => !expected.has(key))) {
      throw badRequest('The menu must list every item exactly once.', { items: 'The menu must list every item exactly once.' })
    }
    await repo.upsertMenu(tx, tenant.id, body.items, services.now())
    const after = await menu(tx, tenant.id)
    return { result: { data: after }, before, after }
  })
}

// ---------------------------------------------------------------------------------------------
// Sign-in slides

const NO_SUCH_SLIDE = 'There is no such slide.'

export function toSlide(row: repo.SlideRow) {
  return {
    id: row.id,
    artistName: row.artistName,
    text: row.text,
    link: row.link,
    visible: row.visible,
    position: row.position,
    image: row.imageFileId ? { id: row.imageFileId, url: publicFileUrl(row.imageFileId) } : null,
  }
}

const slideAudit = (row: repo.SlideRow | null) =>
  row && {
    artistName: row.artistName,
    text: row.text,
    link: row.link,
    visible: row.visible,
    position: row.position,
    imageFileId: row.imageFileId,
  }

export async function listSlides(ctx: AuthedContext) {
  return { data: (await repo.listSlides(ctx.services.db, ctx.tenant.id)).map(toSlide) }
}

async function saveSlideImage(tx: Queryable, ctx: AuthedContext, dataUrl: string) {
  const saved = await saveImage(tx, ctx.services, {
    tenantId: ctx.tenant.id,
    dataUrl,
    purpose: 'login-slide',
    name: 'slide',
    maxBytes: IMAGE_LIMITS.slide,
    visibility: 'public',
    createdBy: ctx.session.account.id,
  })
  return saved.file.id
}

export async function createSlide(ctx: AuthedContext, body: Body<'site.createLoginSlide'>) {
  const { tenant } = ctx
  return auditedMutation(ctx, { action: 'site.slide_created', entityType: 'login_slide' }, async (tx) => {
    const row = await repo.insertSlide(tx, {
      tenantId: tenant.id,
      imageFileId: await saveSlideImage(tx, ctx, body.image),
      artistName: body.artistName,
      text: body.text,
      link: body.link ?? null,
      visible: body.visible ?? true,
      position: await repo.nextSlidePosition(tx, tenant.id),
    })
    return { result: toSlide(row), entityId: row.id, after: slideAudit(row) }
  })
}

export async function updateSlide(ctx: AuthedContext, id: number, body: Body<'site.updateLoginSlide'>) {
  const { services, tenant } = ctx
  let replacedImage: number | null = null
  const slide = await auditedMutation(ctx, { action: 'site.slide_updated', entityType: 'login_slide', entityId: id }, async (tx) => {
    const before = await repo.findSlide(tx, tenant.id, id)
    if (!before) throw notFound(NO_SUCH_SLIDE)
    const imageFileId = body.image ? await saveSlideImage(tx, ctx, body.image) : before.imageFileId
    if (body.image) replacedImage = before.imageFileId
    const after = await repo.updateSlide(tx, tenant.id, id, {
      artistName: body.artistName,
      text: body.text,
      link: body.link ?? null,
      ...(body.visible !== undefined ? { visible: body.visible } : {}),
      imageFileId,
      updatedAt: services.now(),
    })
    if (!after) throw notFound(NO_SUCH_SLIDE)
    return { result: toSlide(after), before: slideAudit(before), after: slideAudit(after) }
  })
  await removeFiles(services, tenant.id, [replacedImage])
  return slide
}

export async function deleteSlide(ctx: AuthedContext, id: number) {
  const { services, tenant } = ctx
  const removed = await auditedMutation(ctx, { action: 'site.slide_deleted', entityType: 'login_slide', entityId: id }, async (tx) => {
    const row = await repo.deleteSlide(tx, tenant.id, id)
    if (!row) throw notFound(NO_SUCH_SLIDE)
    return { result: row, before: slideAudit(row) }
  })
  await removeFiles(services, tenant.id, [removed.imageFileId])
  return { ok: true as const, message: 'Slide deleted.' }
}

export async function orderSlides(ctx: AuthedContext, body: Body<'site.orderLoginSlides'>) {
  const { services, tenant } = ctx
  return auditedMutation(ctx, { action: 'site.slides_reordered', entityType: 'login_slide', entityId: null }, async (tx) => {
    const before = await repo.listSlides(tx, tenant.id)
    const current = new Set(before.map((row) => row.id))
    if (
      new Set(body.ids).size !== body.ids.length ||
      body.ids.length !== current.size ||
      body.ids.some((slideId) => !current.has(slideId))
    ) {
      throw badRequest('List every slide exactly once.', { ids: 'List every slide exactly once.' })
    }
    await repo.setSlidePositions(tx, tenant.id, body.ids, services.now())
    return { result: { data: (await repo.listSlides(tx, tenant.id)).map(toSlide) }, before: before.map((row) => row.id), after: body.ids }
  })
}

export async function setSlideVisibility(ctx: AuthedContext, body: Body<'site.loginSlideVisibility'>) {
  const { services, tenant } = ctx
  return auditedMutation(ctx, { action: 'site.slide_visibility', entityType: 'login_slide', entityId: body.id }, async (tx) => {
    const before = await repo.findSlide(tx, tenant.id, body.id)
    if (!before) throw notFound(NO_SUCH_SLIDE)
    const after = await repo.updateSlide(tx, tenant.id, body.id, { visible: body.visible, updatedAt: services.now() })
    if (!after) throw notFound(NO_SUCH_SLIDE)
    return { result: toSlide(after), before: { visible: before.visible }, after: { visible: after.visible } }
  })
}
