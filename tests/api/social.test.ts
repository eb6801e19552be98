import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportPKCS8, generateKeyPair, jwtVerify, type CryptoKey } from 'jose'
import { createTestApp, type TestApp } from '../helpers/app'
import { createWorkspace, signedIn } from '../helpers/fixtures'
import { startFakeServer } from '../helpers/fake-servers'

describe('social platform search without credentials', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
    await createWorkspace(t.services, 'acme')
  })
  afterAll(() => t.close())

  it('says each platform is not configured', async () => {
    const admin = await signedIn(t.app, 'admin@acme.test')
    const spotify = await admin.call('social.artistSearch', { query: { term: 'nina', platform: 'spotify' } })
    expect(spotify.status).toBe(503)
    expect(spotify.error.message).toBe('Spotify search is not configured')
    const apple = await admin.call('social.linkArtist', {
      query: { link: 'https://music.apple.com/us/artist/nina/123456', platform: 'apple' },
    })
    expect(apple.error.message).toBe('Apple Music search is not configured')
  })
})

describe('social platform search against local fakes', () => {
  let t: TestApp
  let spotify: Awaited<ReturnType<typeof startFakeServer>>
  let apple: Awaited<ReturnType<typeof startFakeServer>>
  let applePublicKey: CryptoKey
  let tokenRequests = 0

  beforeAll(async () => {
    spotify = await startFakeServer((req) => {
      if (req.url === '/api/token') {
        tokenRequests += 1
        return req.headers.authorization === `Basic ${Buffer.from('client:secret').toString('base64')}`
          ? { json: { access_token: 'spotify-token', expires_in: 3600 } }
          : { status: 401, json: { error: 'invalid_client' } }
      }
      if (req.headers.authorization !== 'Bearer spotify-token') return { status: 401, json: { error: { message: 'Invalid access token' } } }
      if (req.url?.startsWith('/v1/search')) {
        const q = new URL(req.url, 'http://x').searchParams.get('q')
        if (q === 'boom') return { status: 429, json: { error: { status: 429, message: 'API rate limit exceeded' } } }
        return {
          json: {
            artists: {
              items: [
                {
                  id: '4Z8W4fKeB5YxbusRsdQVPb',
                  name: `${q} Band`,
                  external_urls: { spotify: 'https://open.spotify.com/artist/4Z8W4fKeB5YxbusRsdQVPb' },
                  images: [{ url: 'https://i.scdn.co/a.jpg' }],
                  followers: { total: 1200 },
                  genres: ['indie'],
                },
              ],
            },
          },
        }
      }
      if (req.url === '/v1/artists/4Z8W4fKeB5YxbusRsdQVPb')
        return { json: { id: '4Z8W4fKeB5YxbusRsdQVPb', name: 'Radiohead', followers: { total: 9 }, genres: [] } }
      return { status: 404, json: { error: { message: 'non existing id' } } }
    })
    const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true })
    applePublicKey = publicKey
    apple = await startFakeServer((req) => {
      const token = req.headers.authorization?.replace('Bearer ', '') ?? ''
      if (!token.includes('.')) return { status: 401, json: { errors: [{ title: 'Unauthorized' }] } }
      if (req.url?.startsWith('/v1/catalog/us/search'))
        return {
          json: {
            results: {
              artists: {
                data: [
                  {
                    id: '657515',
                    attributes: {
                      name: 'Radiohead',
                      url: 'https://music.apple.com/us/artist/radiohead/657515',
                      genreNames: ['Alternative'],
                      artwork: { url: 'https://is1.mzstatic.com/{w}x{h}bb.jpg' },
                    },
                  },
                ],
              },
            },
          },
        }
      if (req.url === '/v1/catalog/gb/artists/657515') return { json: { data: [{ id: '657515', attributes: { name: 'Radiohead' } }] } }
      return { status: 404, json: { errors: [{ detail: 'Resource Not Found' }] } }
    })
    t = await createTestApp({
      env: {
        SPOTIFY_CLIENT_ID: 'client',
        SPOTIFY_CLIENT_SECRET: 'secret',
        SPOTIFY_API_URL: spotify.url,
        SPOTIFY_ACCOUNTS_URL: spotify.url,
        APPLE_MUSIC_TEAM_ID: 'TEAM123',
        APPLE_MUSIC_KEY_ID: 'KEY456',
        APPLE_MUSIC_PRIVATE_KEY: (await exportPKCS8(privateKey)).replace(/\n/g, '\\n'),
        APPLE_MUSIC_API_URL: apple.url,
      },
    })
    await createWorkspace(t.services, 'acme')
  })
  afterAll(async () => {
    await t.close()
    await spotify.close()
    await apple.close()
  })

  it('searches Spotify with a client-credentials token, reusing it', async () => {
    const admin = await signedIn(t.app, 'admin@acme.test')
    const first = await admin.ok('social.artistSearch', { query: { term: 'Nina', platform: 'spotify' } })
    expect(first.data[0]).toEqual({
      platform: 'spotify',
      id: '4Z8W4fKeB5YxbusRsdQVPb',
      name: 'Nina Band',
      url: 'https://open.spotify.com/artist/4Z8W4fKeB5YxbusRsdQVPb',
      image: 'https://i.scdn.co/a.jpg',
      followers: 1200,
      genres: ['indie'],
    })
    await admin.ok('social.artistSearch', { query: { term: 'Vale', platform: 'spotify' } })
    expect(tokenRequests).toBe(1)
    const link = await admin.ok('social.linkArtist', {
      query: { link: 'https://open.spotify.com/artist/4Z8W4fKeB5YxbusRsdQVPb?si=x', platform: 'spotify' },
    })
    expect(link.name).toBe('Radiohead')
  })

  it("passes the platform's own message on when it fails, and refuses links that are not artist pages", async () => {
    const admin = await signedIn(t.app, 'admin@acme.test')
    const limited = await admin.call('social.artistSearch', { query: { term: 'boom', platform: 'spotify' } })
    expect(limited.status).toBe(502)
    expect(limited.error.message).toBe('Spotify: API rate limit exceeded')
    const wrong = await admin.call('social.linkArtist', { query: { link: 'https://open.spotify.com/track/abc', platform: 'spotify' } })
    expect(wrong.error.message).toBe('This is not a Spotify artist link.')
  })

  it('searches Apple Music with a signed ES256 developer token and resolves artist links', async () => {
    const admin = await signedIn(t.app, 'admin@acme.test')
    const found = await admin.ok('social.artistSearch', { query: { term: 'radiohead', platform: 'apple' } })
    expect(found.data[0]).toMatchObject({
      platform: 'apple',
      id: '657515',
      name: 'Radiohead',
      image: 'https://is1.mzstatic.com/300x300bb.jpg',
      genres: ['Alternative'],
    })
    const request = apple.requests.find((r) => r.url.startsWith('/v1/catalog/us/search'))!
    const { payload, protectedHeader } = await jwtVerify(request.headers.authorization!.replace('Bearer ', ''), applePublicKey)
    expect(payload.iss).toBe('TEAM123')
    expect(protectedHeader).toMatchObject({ alg: 'ES256', kid: 'KEY456' })
    const linked = await admin.ok('social.linkArtist', {
      query: { link: 'https://music.apple.com/gb/artist/radiohead/657515', platform: 'apple' },
    })
    expect(linked.name).toBe('Radiohead')
  })
})
