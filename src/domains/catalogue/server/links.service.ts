import { randomInt } from 'node:crypto'
import { and, asc, eq, gte, isNull, sql } from 'drizzle-orm'
import {
  ANALYTICS_DAYS,
  LINK_PLATFORMS,
  LINK_PLATFORM_LABELS,
  type LinkPlatform,
  type PlatformLinkResult,
  type SmartlinkResult,
  type SmartlinkAnalytics,
} from '@contract/release-links'
import { shortLinkBase } from '@core/short-links'
import { typeForTracks } from '@core/release-type'
import { ERROR_CODES } from '@core/session'
import type { AuthedContext } from '@server/context'
import type { Queryable, Tx } from '@server/db/engine'
import { HttpError, conflict, notFound } from '@server/errors'
import { auditedMutation, type Mutation } from '@server/audit'
import { workspaceUrl } from '@server/urls'
import { shortLinkHostOf } from '@domains/site-setup/server/public'
import * as repo from './repository'
import { NO_RELEASE, NO_TRACK } from './service'
import { storedFileId } from './media.service'
import { platformLinks, releases, smartlinkClicks, smartlinks, tracks, type SmartlinkEntryData } from './schema'

type SmartlinkRow = typeof smartlinks.$inferSelect
type LinkRow = typeof platformLinks.$inferSelect

const isoDay = (date: Date) => date.toISOString().slice(0, 10)

export const NO_SMARTLINK = 'This release has no smartlink yet.'
const CODE_TAKEN = 'This code is taken: choose another.'

export const isLinkPlatform = (value: string): value is LinkPlatform => (LINK_PLATFORMS as readonly string[]).includes(value)
const platformOrder = (platform: string) => (LINK_PLATFORMS as readonly string[]).indexOf(platform)

/** A change to one release: its row is locked first, so changes to one release apply one after the other. */
const releaseMutation = (ctx: Pick<AuthedContext, 'tenant'>, action: string, releaseId: number): Mutation => ({
  action,
  entityType: 'release',
  lock: { table: releases, id: releaseId, tenantId: ctx.tenant.id, missing: NO_RELEASE },
})

async function releaseOf(db: Queryable, ctx: Pick<AuthedContext, 'tenant'>, releaseId: number) {
  const release = await repo.findRelease(db, ctx.tenant.id, releaseId)
  if (!release) throw notFound(NO_RELEASE)
  return release
}

function toLink(row: LinkRow): PlatformLinkResult | null {
  if (!isLinkPlatform(row.platform)) return null
  return {
    platform: row.platform,
    label: LINK_PLATFORM_LABELS[row.platform],
    url: row.url,
    externalId: row.externalId,
    updated: row.updatedAt,
  }
}

const byPlatform = <T extends { platform: string }>(rows: T[]) => rows.sort((a, b) => platformOrder(a.platform) - platformOrder(b.platform))

/** The release's own links (not its tracks'), in the platforms' order. */
async function releaseLinkRows(db: Queryable, tenantId: number, releaseId: number): Promise<LinkRow[]> {
  const rows = await db
    .select()
    .from(platformLinks)
    .where(and(eq(platformLinks.tenantId, tenantId), eq(platformLinks.releaseId, releaseId), isNull(platformLinks.trackId)))
  return byPlatform(rows.filter((row) => isLinkPlatform(row.platform)))
}

// ---------------------------------------------------------------------------------------------
// Platform links, track identifiers, ASIN

export async function loadPlatformLinks(ctx: AuthedContext, releaseId: number) {
  const { db } = ctx.services
  await releaseOf(db, ctx, releaseId)
  const rows = await releaseLinkRows(db, ctx.tenant.id, releaseId)
  return { releaseId, data: rows.map(toLink).filter((link): link is PlatformLinkResult => link !== null) }
}

export async function loadTrackUris(ctx: AuthedContext, trackId: number) {
  const { db } = ctx.services
  const track = await repo.findTrack(db, ctx.tenant.id, trackId)
  if (!track) throw notFound(NO_TRACK)
  const rows = await db
    .select()
    .from(platformLinks)
    .where(and(eq(platformLinks.tenantId, ctx.tenant.id), eq(platformLinks.trackId, trackId)))
  return {
    trackId,
    releaseId: track.releaseId,
    title: track.title,
    isrc: track.isrc,
    data: byPlatform(rows)
      .map(toLink)
      .filter((link): link is PlatformLinkResult => link !== null),
  }
}

export async function loadAmazonAsin(ctx: AuthedContext, releaseId: number) {
  const { db } = ctx.services
  await releaseOf(db, ctx, releaseId)
  const [row] = await db
    .select()
    .from(platformLinks)
    .where(
      and(
        eq(platformLinks.tenantId, ctx.tenant.id),
        eq(platformLinks.releaseId, releaseId),
        isNull(platformLinks.trackId),
        eq(platformLinks.platform, 'amazon'),
      ),
    )
  return { releaseId, asin: row?.externalId ?? null, url: row?.url ?? null }
}

// ---------------------------------------------------------------------------------------------
// Smartlinks

/** Where the workspace's short links start: its short-link host setting, or its own address + /l/. */
export async function linkBase(ctx: AuthedContext, db: Queryable = ctx.services.db): Promise<string> {
  return shortLinkBase(await shortLinkHostOf(db, ctx.tenant.id), workspaceUrl(ctx, ctx.tenant))
}

/** All-time clicks per platform of one smartlink. */
async function clickTotals(db: Queryable, smartlinkId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ platform: smartlinkClicks.platform, clicks: sql<number>`sum(${smartlinkClicks.clicks})::int` })
    .from(smartlinkClicks)
    .where(eq(smartlinkClicks.smartlinkId, smartlinkId))
    .groupBy(smartlinkClicks.platform)
  return new Map(rows.map((row) => [row.platform, Number(row.clicks)]))
}

async function toSmartlink(db: Queryable, row: SmartlinkRow, base: string): Promise<SmartlinkResult> {
  const clicks = await clickTotals(db, row.id)
  const entries = row.entries
    .filter((entry): entry is SmartlinkEntryData & { platform: LinkPlatform } => isLinkPlatform(entry.platform))
    .map((entry) => ({
      platform: entry.platform,
      label: LINK_PLATFORM_LABELS[entry.platform],
      url: entry.url,
      hidden: entry.hidden,
      clicks: clicks.get(entry.platform) ?? 0,
    }))
  return {
    id: row.id,
    releaseId: row.releaseId,
    code: row.code,
    url: `${base}${row.code}`,
    title: row.title,
    entries,
    clicks: [...clicks.values()].reduce((sum, value) => sum + value, 0),
    created: row.createdAt,
    updated: row.updatedAt,
    refreshed: row.refreshedAt,
  }
}

async function smartlinkOfRelease(db: Queryable, tenantId: number, releaseId: number): Promise<SmartlinkRow | undefined> {
  const [row] = await db
    .select()
    .from(smartlinks)
    .where(and(eq(smartlinks.tenantId, tenantId), eq(smartlinks.releaseId, releaseId)))
  return row
}

export async function loadSmartlink(ctx: AuthedContext, releaseId: number) {
  const { db } = ctx.services
  await releaseOf(db, ctx, releaseId)
  const base = await linkBase(ctx)
  const row = await smartlinkOfRelease(db, ctx.tenant.id, releaseId)
  const links = await releaseLinkRows(db, ctx.tenant.id, releaseId)
  return { releaseId, base, platformLinks: links.length, smartlink: row ? await toSmartlink(db, row, base) : null }
}

export async function loadSmartlinkById(ctx: AuthedContext, id: number) {
  const { db } = ctx.services
  const [row] = await db
    .select()
    .from(smartlinks)
    .where(and(eq(smartlinks.tenantId, ctx.tenant.id), eq(smartlinks.id, id)))
  if (!row) throw notFound('There is no such smartlink in this workspace.')
  const release = await releaseOf(db, ctx, row.releaseId)
  return {
    ...(await toSmartlink(db, row, await linkBase(ctx))),
    release: {
      id: release.id,
      title: release.title,
      artist: release.artistText,
      artwork: { cover: release.coverUrl, medium: release.coverMediumUrl, large: release.coverLargeUrl },
    },
  }
}

const CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789'
function generatedCode(): string {
  let code = ''
  for (let index = 0; index < 7; index += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]
  return code
}

async function codeTaken(db: Queryable, tenantId: number, code: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: smartlinks.id })
    .from(smartlinks)
    .where(and(eq(smartlinks.tenantId, tenantId), eq(smartlinks.code, code)))
  return rows.some((row) => row.id !== exceptId)
}

const takenError = () => new HttpError(409, CODE_TAKEN, ERROR_CODES.conflict, { code: CODE_TAKEN })

/** A unique-index race (two saves of the same code at once) answers like a taken code. */
function rethrowTaken(error: unknown): never {
  const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code
  if (code === '23505') throw takenError()
  throw error
}

const entriesFrom = (links: LinkRow[]): SmartlinkEntryData[] =>
  links.map((link) => ({ platform: link.platform, url: link.url, hidden: false }))

const auditView = (row: SmartlinkRow) => ({
  code: row.code,
  title: row.title,
  entries: row.entries.map((entry) => `${entry.platform}${entry.hidden ? ' (hidden)' : ''}`),
})

/** One smartlink change: release locked, change made, audited on the release, answered with the new link. */
async function onSmartlink<T>(
  ctx: AuthedContext,
  action: string,
  releaseId: number,
  change: (
    tx: Tx,
    release: repo.ReleaseRecord,
    current: SmartlinkRow | undefined,
  ) => Promise<{ row: SmartlinkRow; before: unknown; extra: T }>,
): Promise<{ smartlink: SmartlinkResult; extra: T }> {
  return auditedMutation(ctx, releaseMutation(ctx, action, releaseId), async (tx) => {
    const release = await releaseOf(tx, ctx, releaseId)
    const current = await smartlinkOfRelease(tx, ctx.tenant.id, releaseId)
    const { row, before, extra } = await change(tx, release, current)
    return { result: { smartlink: await toSmartlink(tx, row, await linkBase(ctx, tx)), extra }, before, after: auditView(row) }
  }).catch(rethrowTaken)
}

export async function createSmartlink(ctx: AuthedContext, body: { releaseId: number; code?: string; title?: string }) {
  const result = await onSmartlink(ctx, 'release.smartlink_created', body.releaseId, async (tx, release, current) => {
    if (current) throw conflict('This release already has a smartlink: update or refresh it instead.')
    const links = await releaseLinkRows(tx, ctx.tenant.id, release.id)
    if (links.length === 0) throw conflict('This release has no platform links yet: a smartlink lists them once the release is delivered.')
    let code = body.code
    if (code && (await codeTaken(tx, ctx.tenant.id, code))) throw takenError()
    for (let attempt = 0; !code && attempt < 8; attempt += 1) {
      const candidate = generatedCode()
      if (!(await codeTaken(tx, ctx.tenant.id, candidate))) code = candidate
    }
    if (!code) throw conflict('No free code was found; try again.')
    const now = ctx.services.now()
    const [row] = await tx
      .insert(smartlinks)
      .values({
        tenantId: ctx.tenant.id,
        releaseId: release.id,
        code,
        title: body.title ?? `${release.title} — ${release.artistText}`,
        entries: entriesFrom(links),
        createdBy: ctx.session.account.id,
        createdAt: now,
        updatedAt: now,
        refreshedAt: now,
      })
      .returning()
    return { row, before: null, extra: null }
  })
  return result.smartlink
}

export async function updateSmartlink(
  ctx: AuthedContext,
  body: { releaseId: number; code?: string; title?: string; entries?: { platform: LinkPlatform; hidden: boolean }[] },
) {
  const result = await onSmartlink(ctx, 'release.smartlink_updated', body.releaseId, async (tx, _release, current) => {
    if (!current) throw notFound(NO_SMARTLINK)
    if (body.code !== undefined && body.code !== current.code && (await codeTaken(tx, ctx.tenant.id, body.code, current.id)))
      throw takenError()
    let entries = current.entries
    if (body.entries) {
      const known = new Map(current.entries.map((entry) => [entry.platform, entry]))
      const named = new Set(body.entries.map((entry) => entry.platform))
      const missing = current.entries.filter((entry) => !named.has(entry.platform as LinkPlatform)).map((entry) => entry.platform)
      const unknown = body.entries.filter((entry) => !known.has(entry.platform)).map((entry) => entry.platform)
      if (unknown.length || missing.length) {
        const message = unknown.length
          ? `The smartlink does not list ${unknown.map((platform) => LINK_PLATFORM_LABELS[platform]).join(', ')}.`
          : 'List every platform of the smartlink, in the new order.'
        throw new HttpError(400, message, ERROR_CODES.validation, { entries: message })
      }
      entries = body.entries.map((entry) => ({ ...known.get(entry.platform)!, hidden: entry.hidden }))
    }
    const [row] = await tx
      .update(smartlinks)
      .set({
        ...(body.code !== undefined ? { code: body.code } : {}),
        ...(body.title !== undefined ? { title: body.title } : {}),
        entries,
        updatedAt: ctx.services.now(),
      })
      .where(eq(smartlinks.id, current.id))
      .returning()
    return { row, before: auditView(current), extra: null }
  })
  return result.smartlink
}

/** Platform links read again: new platforms at the end (shown), links updated, hidden flags and order kept, gone ones dropped. */
export async function refreshSmartlink(ctx: AuthedContext, releaseId: number) {
  const result = await onSmartlink(ctx, 'release.smartlink_refreshed', releaseId, async (tx, release, current) => {
    if (!current) throw notFound(NO_SMARTLINK)
    const links = new Map((await releaseLinkRows(tx, ctx.tenant.id, release.id)).map((link) => [link.platform, link]))
    const added: LinkPlatform[] = []
    const updated: LinkPlatform[] = []
    const removed: LinkPlatform[] = []
    const entries: SmartlinkEntryData[] = []
    for (const entry of current.entries) {
      const link = links.get(entry.platform)
      if (!link) {
        if (isLinkPlatform(entry.platform)) removed.push(entry.platform)
        continue
      }
      if (link.url !== entry.url && isLinkPlatform(entry.platform)) updated.push(entry.platform)
      entries.push({ ...entry, url: link.url })
      links.delete(entry.platform)
    }
    for (const link of links.values()) {
      if (isLinkPlatform(link.platform)) added.push(link.platform)
      entries.push({ platform: link.platform, url: link.url, hidden: false })
    }
    const now = ctx.services.now()
    const [row] = await tx
      .update(smartlinks)
      .set({ entries, refreshedAt: now, ...(added.length || updated.length || removed.length ? { updatedAt: now } : {}) })
      .where(eq(smartlinks.id, current.id))
      .returning()
    return { row, before: auditView(current), extra: { added, updated, removed } }
  })
  return { smartlink: result.smartlink, ...result.extra }
}

// ---------------------------------------------------------------------------------------------
// The public page (GET /l/{code}): no session, the workspace comes from the host

export interface PublicSmartlink {
  id: number
  title: string
  /** The release's owner: the artist or label whose fans sign up on the page. */
  accountId: number
  coverFileId: number | null
  entries: { platform: LinkPlatform; label: string; url: string }[]
}

/** Only links to web pages are ever rendered or followed. */
const isWebLink = (url: string) => /^https?:\/\/[^\s"'<>]+$/i.test(url)

export async function publicSmartlink(db: Queryable, tenantId: number, code: string): Promise<PublicSmartlink | null> {
  const [row] = await db
    .select({ link: smartlinks, accountId: releases.accountId, cover: releases.coverUrl, medium: releases.coverMediumUrl, large: releases.coverLargeUrl })
    .from(smartlinks)
    .innerJoin(releases, eq(releases.id, smartlinks.releaseId))
    .where(and(eq(smartlinks.tenantId, tenantId), eq(smartlinks.code, code.toLowerCase())))
  if (!row) return null
  return {
    id: row.link.id,
    title: row.link.title,
    accountId: row.accountId,
    // The page shows it at 320 px: the medium rendition is plenty.
    coverFileId: storedFileId(row.medium) ?? storedFileId(row.large) ?? storedFileId(row.cover),
    entries: row.link.entries
      .filter((entry): entry is SmartlinkEntryData & { platform: LinkPlatform } => isLinkPlatform(entry.platform))
      .filter((entry) => !entry.hidden && isWebLink(entry.url))
      .map((entry) => ({ platform: entry.platform, label: LINK_PLATFORM_LABELS[entry.platform], url: entry.url })),
  }
}

/** One click on a platform button, counted in the day's row. */
export async function recordClick(db: Queryable, tenantId: number, smartlinkId: number, platform: LinkPlatform, now: Date): Promise<void> {
  await db
    .insert(smartlinkClicks)
    .values({ smartlinkId, tenantId, day: isoDay(now), platform, clicks: 1 })
    .onConflictDoUpdate({
      target: [smartlinkClicks.smartlinkId, smartlinkClicks.day, smartlinkClicks.platform],
      set: { clicks: sql`${smartlinkClicks.clicks} + 1` },
    })
}

// ---------------------------------------------------------------------------------------------
// Analytics

export async function loadAnalytics(ctx: AuthedContext, releaseId: number): Promise<SmartlinkAnalytics> {
  const { db } = ctx.services
  await releaseOf(db, ctx, releaseId)
  const now = ctx.services.now()
  const to = isoDay(now)
  const from = isoDay(new Date(now.getTime() - (ANALYTICS_DAYS - 1) * 86_400_000))
  const link = await smartlinkOfRelease(db, ctx.tenant.id, releaseId)
  const empty = { releaseId, smartlinkId: link?.id ?? null, from, to, total: 0, platforms: [], days: [] }
  if (!link) return empty
  const rows = await db
    .select({ day: smartlinkClicks.day, platform: smartlinkClicks.platform, clicks: smartlinkClicks.clicks })
    .from(smartlinkClicks)
    .where(and(eq(smartlinkClicks.smartlinkId, link.id), gte(smartlinkClicks.day, from)))
    .orderBy(asc(smartlinkClicks.day), asc(smartlinkClicks.platform))
  const perPlatform = new Map<LinkPlatform, number>()
  const perDay = new Map<string, { day: string; clicks: number; byPlatform: Record<string, number> }>()
  let total = 0
  for (const row of rows) {
    if (!isLinkPlatform(row.platform) || row.day > to || row.clicks <= 0) continue
    total += row.clicks
    perPlatform.set(row.platform, (perPlatform.get(row.platform) ?? 0) + row.clicks)
    const day = perDay.get(row.day) ?? { day: row.day, clicks: 0, byPlatform: {} }
    day.clicks += row.clicks
    day.byPlatform[row.platform] = (day.byPlatform[row.platform] ?? 0) + row.clicks
    perDay.set(row.day, day)
  }
  return {
    ...empty,
    total,
    platforms: [...perPlatform]
      .map(([platform, clicks]) => ({ platform, label: LINK_PLATFORM_LABELS[platform], clicks }))
      .sort((a, b) => b.clicks - a.clicks || platformOrder(a.platform) - platformOrder(b.platform)),
    days: [...perDay.values()],
  }
}

// ---------------------------------------------------------------------------------------------
// Convert: the type the tracks make the release

export async function convertRelease(ctx: AuthedContext, releaseId: number) {
  return auditedMutation(ctx, releaseMutation(ctx, 'release.converted', releaseId), async (tx) => {
    const release = await releaseOf(tx, ctx, releaseId)
    if (release.type === 'Compilation')
      throw conflict(
        'A compilation is a collection of artists, not a length: it keeps its type. Change it in the details if it is not one.',
      )
    const rows = await tx
      .select({ duration: tracks.duration })
      .from(tracks)
      .where(eq(tracks.releaseId, releaseId))
      .orderBy(asc(tracks.position), asc(tracks.id))
    const verdict = typeForTracks(rows.map((row) => row.duration))
    if (!verdict.ok) throw conflict(verdict.reason)
    if (verdict.type === release.type)
      throw conflict(`It is already ${verdict.type === 'Single' ? 'a' : 'an'} ${verdict.type}: ${verdict.because}.`)
    await tx.update(releases).set({ type: verdict.type, updatedAt: ctx.services.now() }).where(eq(releases.id, releaseId))
    return {
      result: {
        id: releaseId,
        before: release.type,
        after: verdict.type,
        trackCount: verdict.trackCount,
        duration: verdict.seconds,
        because: verdict.because,
      },
      before: { type: release.type },
      after: { type: verdict.type, because: verdict.because },
    }
  })
}
