import { SignJWT, importPKCS8 } from 'jose'
import type { z } from 'zod'
import type { socialArtist } from '@contract/users-admin'
import type { Config } from '@server/config'
import type { AuthedContext, Services } from '@server/context'
import { HttpError, badRequest, notConfigured } from '@server/errors'

type SocialArtist = z.input<typeof socialArtist>
type Platform = 'spotify' | 'apple'

/** One streaming platform's public catalogue API, for linking artists to profiles. */
interface SocialAdapter {
  readonly name: string
  readonly configured: boolean
  search(term: string): Promise<SocialArtist[]>
  resolve(link: string): Promise<SocialArtist>
}

const TIMEOUT_MS = 10_000

/** The platform's own error message is passed on (spec: "Social platform search fails: server message passed on"). */
async function request(name: string, url: string, init: RequestInit): Promise<unknown> {
  let response: Response
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) })
  } catch {
    throw new HttpError(502, `${name} could not be reached. Try again in a moment.`, 'upstream_unreachable')
  }
  const body = (await response.json().catch(() => null)) as {
    error?: { message?: string } | string
    errors?: { detail?: string; title?: string }[]
  } | null
  if (!response.ok) {
    const message =
      typeof body?.error === 'string'
        ? body.error
        : (body?.error?.message ?? body?.errors?.[0]?.detail ?? body?.errors?.[0]?.title ?? `${name} answered ${response.status}`)
    throw new HttpError(response.status === 404 ? 404 : 502, `${name}: ${message}`, 'upstream_error')
  }
  return body
}

function spotify(config: Config['social']['spotify']): SocialAdapter {
  let token: { value: string; until: number } | null = null
  const accessToken = async () => {
    if (token && token.until > Date.now()) return token.value
    const answer = (await request('Spotify', `${config.accountsUrl}/api/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    })) as { access_token: string; expires_in: number }
    token = { value: answer.access_token, until: Date.now() + (answer.expires_in - 60) * 1000 }
    return token.value
  }
  type Artist = {
    id: string
    name: string
    external_urls?: { spotify?: string }
    images?: { url: string }[]
    followers?: { total?: number }
    genres?: string[]
  }
  const toArtist = (artist: Artist): SocialArtist => ({
    platform: 'spotify',
    id: artist.id,
    name: artist.name,
    url: artist.external_urls?.spotify ?? `https://open.spotify.com/artist/${artist.id}`,
    image: artist.images?.[0]?.url ?? null,
    followers: artist.followers?.total ?? null,
    genres: artist.genres ?? [],
  })
  const get = async (path: string) =>
    request('Spotify', `${config.apiUrl}${path}`, { headers: { authorization: `Bearer ${await accessToken()}` } })
  return {
    name: 'Spotify',
    configured: Boolean(config.clientId && config.clientSecret),
    async search(term) {
      const answer = (await get(`/v1/search?type=artist&limit=10&q=${encodeURIComponent(term)}`)) as { artists?: { items?: Artist[] } }
      return (answer.artists?.items ?? []).map(toArtist)
    },
    async resolve(link) {
      const id = /(?:open\.spotify\.com\/(?:intl-[a-z-]+\/)?artist\/|spotify:artist:)([A-Za-z0-9]{10,40})/.exec(link)?.[1]
      if (!id) throw badRequest('This is not a Spotify artist link.', { link: 'Paste a link like https://open.spotify.com/artist/…' })
      return toArtist((await get(`/v1/artists/${id}`)) as Artist)
    },
  }
}

function appleMusic(config: Config['social']['apple']): SocialAdapter {
  let token: { value: string; until: number } | null = null
  // Apple Music API calls carry a developer token: a short-lived ES256 JWT signed with the team's key.
  const developerToken = async () => {
    if (token && token.until > Date.now()) return token.value
    const key = await importPKCS8(config.privateKey!, 'ES256')
    const now = Math.floor(Date.now() / 1000)
    const value = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: config.keyId! })
      .setIssuer(config.teamId!)
      .setIssuedAt(now)
      .setExpirationTime(now + 12 * 3600)
      .sign(key)
    token = { value, until: (now + 11 * 3600) * 1000 }
    return value
  }
  type Artist = { id: string; attributes?: { name?: string; url?: string; genreNames?: string[]; artwork?: { url?: string } } }
  const toArtist = (artist: Artist): SocialArtist => ({
    platform: 'apple',
    id: artist.id,
    name: artist.attributes?.name ?? '',
    url: artist.attributes?.url ?? `https://music.apple.com/${config.storefront}/artist/${artist.id}`,
    image: artist.attributes?.artwork?.url?.replace('{w}', '300').replace('{h}', '300') ?? null,
    followers: null,
    genres: artist.attributes?.genreNames ?? [],
  })
  const get = async (path: string) =>
    request('Apple Music', `${config.apiUrl}${path}`, { headers: { authorization: `Bearer ${await developerToken()}` } })
  return {
    name: 'Apple Music',
    configured: Boolean(config.teamId && config.keyId && config.privateKey),
    async search(term) {
      const answer = (await get(`/v1/catalog/${config.storefront}/search?types=artists&limit=10&term=${encodeURIComponent(term)}`)) as {
        results?: { artists?: { data?: Artist[] } }
      }
      return (answer.results?.artists?.data ?? []).map(toArtist)
    },
    async resolve(link) {
      const match = /music\.apple\.com\/([a-z]{2})\/artist\/(?:[^/]+\/)?(\d{3,20})/.exec(link)
      if (!match)
        throw badRequest('This is not an Apple Music artist link.', { link: 'Paste a link like https://music.apple.com/us/artist/…' })
      const answer = (await get(`/v1/catalog/${match[1]}/artists/${match[2]}`)) as { data?: Artist[] }
      const artist = answer.data?.[0]
      if (!artist) throw new HttpError(404, 'Apple Music has no such artist.', 'not_found')
      return toArtist(artist)
    },
  }
}

const adapters = new WeakMap<Services, Record<Platform, SocialAdapter>>()

/** The platform adapters of this app (tokens are cached per app). */
export function socialSearch(ctx: AuthedContext) {
  let byPlatform = adapters.get(ctx.services)
  if (!byPlatform) {
    byPlatform = { spotify: spotify(ctx.services.config.social.spotify), apple: appleMusic(ctx.services.config.social.apple) }
    adapters.set(ctx.services, byPlatform)
  }
  const adapter = (platform: Platform) => {
    const chosen = byPlatform![platform]
    if (!chosen.configured) throw notConfigured(`${chosen.name} search is not configured`)
    return chosen
  }
  return {
    search: async (platform: Platform, term: string) => ({ data: await adapter(platform).search(term) }),
    resolve: (platform: Platform, link: string) => adapter(platform).resolve(link),
  }
}
