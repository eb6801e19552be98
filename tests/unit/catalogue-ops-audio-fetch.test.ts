import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fetchAudio, isRefusedAddress } from '../../src/domains/catalogue-ops/server/audio-fetcher'

let server: http.Server
let port: number
let base: string
const flac = Buffer.concat([Buffer.from('fLaC'), Buffer.from([0, 0, 0, 34]), Buffer.alloc(300)])
let hits = 0

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits += 1
    if (req.url === '/song.flac') res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(flac)
    else if (req.url === '/big') {
      // No content-length: the cap must cut the stream itself.
      res.writeHead(200, { 'transfer-encoding': 'chunked' })
      for (let index = 0; index < 20; index += 1) res.write(Buffer.alloc(1024))
      res.end()
    } else if (req.url === '/declared-big') res.writeHead(200, { 'content-length': String(10 * 1024 * 1024) }).end()
    else if (req.url === '/slow') setTimeout(() => res.writeHead(200).end(flac), 1000)
    else if (req.url === '/to-song') res.writeHead(302, { location: '/song.flac' }).end()
    // A redirect to the same server by another name: allowed under its number, refused under "localhost".
    else if (req.url === '/to-localhost') res.writeHead(302, { location: `http://localhost:${port}/song.flac` }).end()
    else if (req.url === '/to-metadata') res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end()
    else if (req.url === '/loop') res.writeHead(302, { location: '/loop' }).end()
    else res.writeHead(500).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
  base = `http://127.0.0.1:${port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

// The tests' server is on loopback: it is named as an allowed host, as an operator names its own media server.
const options = { maxBytes: 4096, timeoutMs: 300, allowHosts: ['127.0.0.1'] }
const guarded = { maxBytes: 4096, timeoutMs: 2000 }

describe('audio fetcher', () => {
  it('fetches audio and knows it by its bytes, not its declared type', async () => {
    const fetched = await fetchAudio(`${base}/song.flac`, options)
    expect(fetched).toMatchObject({ mime: 'audio/flac', fileName: 'song.flac' })
    expect(fetched.data.equals(flac)).toBe(true)
    expect((await fetchAudio(`${base}/to-song`, options)).fileName).toBe('song.flac')
  })

  it('stops at the size cap, whether or not the server declares the size', async () => {
    await expect(fetchAudio(`${base}/big`, options)).rejects.toThrow('The audio is larger than 4 KB')
    await expect(fetchAudio(`${base}/declared-big`, { ...options, maxBytes: 1024 * 1024 })).rejects.toThrow('The audio is larger than 1 MB')
  })

  it('gives up after the time limit, and says why for bad answers and bad URLs', async () => {
    await expect(fetchAudio(`${base}/slow`, options)).rejects.toThrow('The audio did not arrive within 0.3 s')
    await expect(fetchAudio(`${base}/error`, options)).rejects.toThrow('The audio URL answered 500')
    await expect(fetchAudio(`${base}/loop`, options)).rejects.toThrow('redirects too many times')
    await expect(fetchAudio('ftp://example.test/a.wav', options)).rejects.toThrow('must start with http:// or https://')
    await expect(fetchAudio('not a url', options)).rejects.toThrow('not a valid URL')
    await expect(fetchAudio(`http://user:secret@127.0.0.1:${port}/song.flac`, options)).rejects.toThrow('user name or password')
  })
})

describe('audio fetcher against SSRF', () => {
  it('refuses a server on 127.0.0.1 by number, by name and in IPv6 forms, without reaching it', async () => {
    const before = hits
    for (const url of [
      `${base}/song.flac`,
      `http://localhost:${port}/song.flac`,
      `http://[::ffff:127.0.0.1]:${port}/song.flac`,
      `http://[::1]:${port}/song.flac`,
      `http://0.0.0.0:${port}/song.flac`,
      `http://2130706433:${port}/song.flac`,
    ])
      await expect(fetchAudio(url, guarded), url).rejects.toThrow('The audio URL points to a private or internal address')
    expect(hits).toBe(before)
  })

  it('refuses the metadata service, link-local and private networks', async () => {
    for (const url of ['http://169.254.169.254/latest/meta-data/', 'http://10.1.2.3/a.wav', 'http://192.168.0.10/a.wav', 'http://[fd00:ec2::254]/'])
      await expect(fetchAudio(url, guarded), url).rejects.toThrow('private or internal address')
  })

  it('checks every redirect again: an allowed server cannot send the fetch to loopback or the metadata service', async () => {
    await expect(fetchAudio(`${base}/to-localhost`, options)).rejects.toThrow('private or internal address')
    await expect(fetchAudio(`${base}/to-metadata`, options)).rejects.toThrow('private or internal address')
  })

  it('knows internal addresses in every spelling', () => {
    for (const address of ['127.0.0.1', '127.9.9.9', '10.0.0.1', '172.16.5.4', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fe80::1', 'fd12::1', '::ffff:10.0.0.1', '::ffff:7f00:1', '64:ff9b::a9fe:a9fe', 'not-an-ip'])
      expect(isRefusedAddress(address), address).toBe(true)
    for (const address of ['93.184.216.34', '172.32.0.1', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isRefusedAddress(address), address).toBe(false)
  })
})
