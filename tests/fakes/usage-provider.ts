import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createHmac } from 'node:crypto'
import { silentWav } from '../../src/server/wav'

// A local usage-discovery provider speaking the protocol of src/domains/discovery/server/usage/provider.ts
// (docs/discovery.md, "Provider protocol"): bearer-key auth, multipart asset registration with the
// audio, DELETE of an asset, a cursor feed of matches filtered by reference prefix, and signed webhook
// pushes. It also serves a small audio file for tracks to point at.

export interface FakeAsset {
  id: string
  reference: string
  title: string
  isrc: string | null
  audioBytes: number
  removed: boolean
}

export interface FakeMatchInput {
  id?: string
  platform?: 'twitch' | 'apple' | 'spotify' | 'raw'
  userUrl?: string
  userName?: string
  views?: number
  copyPercentage?: number
}

/** A WAV header and a little silence: enough for a file-type check. */
export const FAKE_AUDIO = silentWav()

export async function startFakeUsageProvider(options: { key: string; webhookSecret: string; port?: number }) {
  const assets = new Map<string, FakeAsset>()
  const feed: Record<string, unknown>[] = []
  let counter = 0
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const url = new URL(req.url ?? '/', 'http://fake')
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(JSON.stringify(json))
      }
      if (req.method === 'GET' && url.pathname.startsWith('/audio/')) {
        res.writeHead(200, { 'content-type': 'audio/wav' })
        res.end(FAKE_AUDIO)
        return
      }
      if (req.headers.authorization !== `Bearer ${options.key}`) return send(401, { message: 'Invalid API key' })
      if (req.method === 'POST' && url.pathname === '/v1/assets') {
        const text = body.toString('latin1')
        const field = (name: string) => new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)\\r\\n`).exec(text)?.[1] ?? null
        const file = /name="file"; filename="[^"]*"\r\nContent-Type: [^\r]*\r\n\r\n/.exec(text)
        if (!file) return send(400, { message: 'An audio file is required' })
        const boundary = /^--([^\r]+)/.exec(text)?.[1] ?? ''
        const start = file.index + file[0].length
        const end = text.indexOf(`\r\n--${boundary}`, start)
        counter += 1
        const asset: FakeAsset = {
          id: `ast_${counter}`,
          reference: field('reference') ?? '',
          title: field('title') ?? '',
          isrc: field('isrc'),
          audioBytes: end - start,
          removed: false,
        }
        assets.set(asset.id, asset)
        return send(201, { id: asset.id, status: 'processing' })
      }
      const removal = /^\/v1\/assets\/([^/]+)$/.exec(url.pathname)
      if (req.method === 'DELETE' && removal) {
        const asset = assets.get(decodeURIComponent(removal[1]))
        if (!asset) return send(404, { message: 'No such asset' })
        asset.removed = true
        return send(200, { id: asset.id, status: 'removed' })
      }
      if (req.method === 'GET' && url.pathname === '/v1/matches') {
        const prefix = url.searchParams.get('reference_prefix') ?? ''
        const after = Number(url.searchParams.get('after') ?? 0)
        const limit = Math.min(1000, Number(url.searchParams.get('limit') ?? 100))
        const mine = feed
          .map((match, index) => ({ match, position: index + 1 }))
          .filter(({ match, position }) => position > after && (assets.get(String(match.asset_id))?.reference ?? '').startsWith(prefix))
        const page = mine.slice(0, limit)
        const next = page.length ? String(page[page.length - 1].position) : null
        return send(200, { matches: page.map((entry) => entry.match), next: mine.length > limit ? next : page.length ? next : null })
      }
      send(404, { message: 'Not found' })
    })
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  function makeMatch(assetId: string, input: FakeMatchInput = {}) {
    counter += 1
    return {
      id: input.id ?? `m_${counter}`,
      asset_id: assetId,
      title: assets.get(assetId)?.title ?? 'Unknown',
      platform: input.platform ?? 'twitch',
      media_url: `https://media.example/v/${counter}`,
      user_url: input.userUrl ?? `https://www.twitch.tv/streamer${counter}`,
      user_name: input.userName ?? `Streamer ${counter}`,
      copy_title: `Live set ${counter}`,
      upload_date: '2026-05-02T10:00:00Z',
      views: input.views ?? 1000,
      shares: 12,
      duration: 3600,
      match_length: 95.5,
      copy_percentage: input.copyPercentage ?? 42.456,
      segments: [
        { original: [0, 30], copy: [600, 630] },
        { original: [45, 110.5], copy: [900, 965.5] },
      ],
    }
  }

  return {
    url,
    assets,
    /** Adds matches to the feed (what the next poll reads). */
    addMatches(assetId: string, inputs: FakeMatchInput[]) {
      const made = inputs.map((input) => makeMatch(assetId, input))
      feed.push(...made)
      return made
    },
    /** Posts matches to a webhook, signed with the secret (or a wrong one). */
    async push(webhookUrl: string, assetId: string, inputs: FakeMatchInput[], secret = options.webhookSecret) {
      const body = JSON.stringify({ matches: inputs.map((input) => makeMatch(assetId, input)) })
      const signature = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`
      return { body, signature }
    },
    audioUrl: (name = 'track.wav') => `${url}/audio/${name}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
