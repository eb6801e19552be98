import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fetchAudio } from '../../src/domains/catalogue-ops/server/audio-fetcher'

let server: http.Server
let base: string
const flac = Buffer.concat([Buffer.from('fLaC'), Buffer.from([0, 0, 0, 34]), Buffer.alloc(300)])

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/song.flac') res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(flac)
    else if (req.url === '/big') {
      // No content-length: the cap must cut the stream itself.
      res.writeHead(200, { 'transfer-encoding': 'chunked' })
      for (let index = 0; index < 20; index += 1) res.write(Buffer.alloc(1024))
      res.end()
    } else if (req.url === '/declared-big') res.writeHead(200, { 'content-length': String(10 * 1024 * 1024) }).end()
    else if (req.url === '/slow') setTimeout(() => res.writeHead(200).end(flac), 1000)
    else res.writeHead(500).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const options = { maxBytes: 4096, timeoutMs: 300 }

describe('audio fetcher', () => {
  it('fetches audio and knows it by its bytes, not its declared type', async () => {
    const fetched = await fetchAudio(`${base}/song.flac`, options)
    expect(fetched).toMatchObject({ mime: 'audio/flac', fileName: 'song.flac' })
    expect(fetched.data.equals(flac)).toBe(true)
  })

  it('stops at the size cap, whether or not the server declares the size', async () => {
    await expect(fetchAudio(`${base}/big`, options)).rejects.toThrow('The audio is larger than 4 KB')
    await expect(fetchAudio(`${base}/declared-big`, { ...options, maxBytes: 1024 * 1024 })).rejects.toThrow('The audio is larger than 1 MB')
  })

  it('gives up after the time limit, and says why for bad answers and bad URLs', async () => {
    await expect(fetchAudio(`${base}/slow`, options)).rejects.toThrow('The audio did not arrive within 0.3 s')
    await expect(fetchAudio(`${base}/error`, options)).rejects.toThrow('The audio URL answered 500')
    await expect(fetchAudio('ftp://example.test/a.wav', options)).rejects.toThrow('must start with http:// or https://')
    await expect(fetchAudio('not a url', options)).rejects.toThrow('not a valid URL')
  })
})
