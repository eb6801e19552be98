import { z } from 'zod'
import { endpoint } from './define'
import { releaseAnalytics } from './analytics'
import { id, idParams, nullableTimestamp, timestamp } from './common'
import { artwork } from './releases'
import { SLUG_PATTERN, SLUG_RULE } from '@core/short-links'
import { LINK_PLATFORMS, ASSET_KINDS } from './release-links-vocabulary'
export * from './release-links-vocabulary'

// ---------------------------------------------------------------------------------------------
// Vocabulary: release-links-vocabulary.ts (zod-free, for start-up code)

// ---------------------------------------------------------------------------------------------
// Inputs

/** A custom smartlink code; trimmed and lower-cased before the rule is checked. */
export const smartlinkCode = z
  .string()
  .trim()
  .toLowerCase()
  .regex(SLUG_PATTERN, SLUG_RULE)
  .refine((value) => !value.startsWith('-') && !value.endsWith('-'), 'The code cannot start or end with a hyphen')
const linkTitle = z.string().trim().min(1, 'Title is required').max(200, 'Title is too long')
const releaseBody = z.object({ releaseId: id })

// ---------------------------------------------------------------------------------------------
// Shapes

export const platformLink = z.object({
  platform: z.enum(LINK_PLATFORMS),
  label: z.string(),
  url: z.string(),
  /** The platform's own identifier: a Spotify URI, an Apple Music id, a YouTube video id, an ASIN. */
  externalId: z.string().nullable(),
  updated: timestamp,
})
export type PlatformLink = z.infer<typeof platformLink>
export type PlatformLinkResult = z.input<typeof platformLink>

export const smartlinkEntry = z.object({
  platform: z.enum(LINK_PLATFORMS),
  label: z.string(),
  url: z.string(),
  hidden: z.boolean(),
  /** Clicks on this platform's button, all time. */
  clicks: z.number(),
})

export const smartlink = z.object({
  id: z.number(),
  releaseId: z.number(),
  code: z.string(),
  /** The short link itself: the workspace's short-link host and the code. */
  url: z.string(),
  title: z.string(),
  /** In the order the page lists them. */
  entries: z.array(smartlinkEntry),
  clicks: z.number(),
  created: timestamp,
  updated: timestamp,
  refreshed: nullableTimestamp,
})
export type Smartlink = z.infer<typeof smartlink>
export type SmartlinkResult = z.input<typeof smartlink>

export const releaseAsset = z.object({
  kind: z.enum(ASSET_KINDS),
  label: z.string(),
  width: z.number(),
  height: z.number(),
  /** The current image, or null until one is generated. */
  file: z.object({ id: z.number(), url: z.string(), size: z.number(), created: timestamp, createdBy: z.string().nullable() }).nullable(),
})
export type ReleaseAsset = z.infer<typeof releaseAsset>
export type ReleaseAssetResult = z.input<typeof releaseAsset>

export const smartlinkAnalytics = z.object({
  releaseId: z.number(),
  smartlinkId: z.number().nullable(),
  /** First and last day covered (UTC, YYYY-MM-DD), ANALYTICS_DAYS days ending today. */
  from: z.string(),
  to: z.string(),
  total: z.number(),
  /** Platforms with clicks in the period, most clicked first. */
  platforms: z.array(z.object({ platform: z.enum(LINK_PLATFORMS), label: z.string(), clicks: z.number() })),
  /** Days with clicks, oldest first; empty when nobody clicked. */
  days: z.array(z.object({ day: z.string(), clicks: z.number(), byPlatform: z.record(z.string(), z.number()) })),
})
export type SmartlinkAnalytics = z.infer<typeof smartlinkAnalytics>

// ---------------------------------------------------------------------------------------------
// Endpoints

export const releaseLinksEndpoints = {
  'releases.platformLinks': endpoint({
    method: 'GET',
    path: 'releases/{id}/platform-links',
    access: 'admin',
    summary: 'Where the release is live: one link per platform (Spotify, Apple Music, Deezer, YouTube, Amazon, ...); empty before delivery',
    params: idParams,
    response: z.object({ releaseId: z.number(), data: z.array(platformLink) }),
  }),
  'releases.trackUri': endpoint({
    method: 'GET',
    path: 'releases/track-uri/{id}',
    access: 'admin',
    summary: "A track's identifiers on each platform (Spotify track URI, Apple Music id, YouTube video id, ...); empty when none is known",
    params: idParams,
    response: z.object({
      trackId: z.number(),
      releaseId: z.number(),
      title: z.string(),
      isrc: z.string().nullable(),
      data: z.array(platformLink),
    }),
  }),
  'releases.amazonAsin': endpoint({
    method: 'GET',
    path: 'releases/amazon-asin/{id}',
    access: 'admin',
    summary: "The release's Amazon ASIN and product link; both null when Amazon has not listed it",
    params: idParams,
    response: z.object({ releaseId: z.number(), asin: z.string().nullable(), url: z.string().nullable() }),
  }),
  'releases.smartlink': endpoint({
    method: 'GET',
    path: 'releases/{id}/smartlink',
    access: 'admin',
    summary: "The release's smartlink (null when it has none), the short-link prefix, and how many platform links it could list",
    params: idParams,
    response: z.object({ releaseId: z.number(), base: z.string(), platformLinks: z.number(), smartlink: smartlink.nullable() }),
  }),
  'releases.smartlinkSingle': endpoint({
    method: 'GET',
    path: 'releases/single/smartlink/{id}',
    access: 'admin',
    summary: 'One smartlink by its id, with the release it belongs to',
    params: idParams,
    response: smartlink.extend({ release: z.object({ id: z.number(), title: z.string(), artist: z.string(), artwork }) }),
  }),
  'releases.linkCreate': endpoint({
    method: 'POST',
    path: 'releases/link/create',
    access: 'admin',
    summary:
      "Create the release's smartlink from its platform links: a generated code or a custom one (3–40 of a-z, 0-9, -), unique in the workspace",
    status: 201,
    body: releaseBody.extend({ code: smartlinkCode.optional(), title: linkTitle.optional() }),
    response: smartlink,
  }),
  'releases.linkUpdate': endpoint({
    method: 'POST',
    path: 'releases/link/update',
    access: 'admin',
    summary: "Change a smartlink's code, title, or its platforms' order and visibility (entries name every platform, in order)",
    body: releaseBody
      .extend({
        code: smartlinkCode.optional(),
        title: linkTitle.optional(),
        entries: z
          .array(z.object({ platform: z.enum(LINK_PLATFORMS), hidden: z.boolean() }))
          .max(LINK_PLATFORMS.length)
          .refine((rows) => new Set(rows.map((row) => row.platform)).size === rows.length, 'Each platform once')
          .optional(),
      })
      .refine((body) => body.code !== undefined || body.title !== undefined || body.entries !== undefined, 'Nothing to change'),
    response: smartlink,
  }),
  'releases.linkRefresh': endpoint({
    method: 'POST',
    path: 'releases/link/refresh',
    access: 'admin',
    summary:
      "Re-read the release's platform links into its smartlink: new platforms added at the end, links updated, hidden ones kept hidden",
    body: releaseBody,
    response: z.object({
      smartlink,
      added: z.array(z.enum(LINK_PLATFORMS)),
      updated: z.array(z.enum(LINK_PLATFORMS)),
      removed: z.array(z.enum(LINK_PLATFORMS)),
    }),
  }),
  'releases.analytics': endpoint({
    method: 'GET',
    path: 'releases/analytics/{id}',
    access: 'admin',
    summary:
      "Clicks on the release's smartlink over the last 90 days, per platform and per day (empty before anyone clicked), and beside them, under `streams`, the release's streams over the same days per platform, country and day from the trend rollups",
    params: idParams,
    response: smartlinkAnalytics.extend({ streams: releaseAnalytics }),
  }),
  'releases.assets': endpoint({
    method: 'GET',
    path: 'releases/{id}/assets',
    access: 'admin',
    summary: 'The promotional images made from the cover art (post, story, canvas): each kind with its current file or null',
    params: idParams,
    response: z.object({ releaseId: z.number(), hasCover: z.boolean(), data: z.array(releaseAsset) }),
  }),
  'releases.assetsPost': endpoint({
    method: 'POST',
    path: 'releases/release/assets/create/post',
    access: 'admin',
    summary: 'Make (or remake) the 1080 × 1080 post image from the cover art; 409 without cover art',
    status: 201,
    body: releaseBody,
    response: releaseAsset,
  }),
  'releases.assetsStory': endpoint({
    method: 'POST',
    path: 'releases/release/assets/create/story/{id}',
    access: 'admin',
    summary: 'Make (or remake) the 1080 × 1920 story image: the cover over a blurred copy, with title and artist; 409 without cover art',
    status: 201,
    params: idParams,
    response: releaseAsset,
  }),
  'releases.assetsCanvas': endpoint({
    method: 'POST',
    path: 'releases/assets/create/canvas',
    access: 'admin',
    summary: 'Make (or remake) the 1080 × 1920 Spotify Canvas still: the cover on its dominant colour; 409 without cover art',
    status: 201,
    body: releaseBody,
    response: releaseAsset,
  }),
  'releases.convert': endpoint({
    method: 'POST',
    path: 'releases/convert/{id}',
    access: 'admin',
    summary:
      'Set the release type its tracks make it by the stores’ rule (Single, EP, Album; docs/release-status.md); 409 when it already has that type',
    params: idParams,
    response: z.object({
      id: z.number(),
      before: z.string(),
      after: z.string(),
      trackCount: z.number(),
      /** Seconds, all tracks together. */
      duration: z.number(),
      because: z.string(),
    }),
  }),
} as const
