import http, { type IncomingMessage } from 'node:http'
import https from 'node:https'
import dns from 'node:dns'
import net, { BlockList, type LookupFunction } from 'node:net'
import { fileTypeFromBuffer } from 'file-type'
import { FILE_KINDS } from '@server/storage/file-store'

// Audio named by a catalogue row's URL, fetched over HTTP with a size cap, a time limit and a check
// of the bytes (not of the declared type). Any failure is an AudioFetchError whose message is the
// row's error: a failed fetch fails that row only.
//
// The URL is written by whoever uploads the CSV, and the fetch runs inside our network: without a
// guard it could read the cloud's metadata service or an internal admin page (SSRF). So every
// address a host name resolves to is checked, on the connection itself (the check is the socket's
// own DNS lookup, so a name cannot resolve to a public address for the check and a private one for
// the connection), and every redirect is a new request checked the same way.

export class AudioFetchError extends Error {}

export interface AudioFetchOptions {
  maxBytes: number
  timeoutMs: number
  /** Host names or addresses that may be internal (an operator's own media server; the tests' local server). */
  allowHosts?: readonly string[]
  /** Redirects followed at most (each one checked again). */
  maxRedirects?: number
}

export interface FetchedAudio {
  data: Buffer
  mime: string
  fileName: string
}

const AUDIO_MIMES: readonly string[] = FILE_KINDS.audio.mimes
const megabytes = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`)

/** Addresses a fetch on a user's behalf never reaches: this host, private networks, link-local (cloud metadata), and the like. */
const refused = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, 169.254.169.254 the metadata service of AWS, GCP, Azure
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments (192.0.0.192 Oracle's metadata)
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const)
  refused.addSubnet(network, prefix, 'ipv4')
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local (fd00:ec2::254 is AWS's metadata over IPv6)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96], // NAT64 of an IPv4 address: judged as that address below
] as const)
  refused.addSubnet(network, prefix, 'ipv6')

/** Whether `address` (IPv4 or IPv6, IPv4-mapped too) is one a user's URL may not reach. */
export function isRefusedAddress(address: string): boolean {
  const family = net.isIP(address)
  if (family === 4) return refused.check(address, 'ipv4')
  if (family !== 6) return true
  const lower = address.toLowerCase()
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower) ?? /^64:ff9b::(\d+\.\d+\.\d+\.\d+)$/.exec(lower)
  if (mapped) return refused.check(mapped[1], 'ipv4')
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower)
  if (hexMapped) {
    const high = parseInt(hexMapped[1], 16)
    const low = parseInt(hexMapped[2], 16)
    return refused.check(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`, 'ipv4')
  }
  return refused.check(address, 'ipv6')
}

const REFUSED_MESSAGE = 'The audio URL points to a private or internal address'

/** The socket's DNS lookup: resolves as usual, then refuses the connection when any answer is internal. */
const checkingLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4)
    const list = addresses as dns.LookupAddress[]
    if (list.length === 0) return callback(new AudioFetchError(`The audio URL's host ${hostname} does not resolve`), '', 4)
    if (list.some((entry) => isRefusedAddress(entry.address))) return callback(new AudioFetchError(REFUSED_MESSAGE), '', 4)
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list)
    callback(null, list[0].address, list[0].family)
  })
}

function parseUrl(url: string, base?: URL): URL {
  let parsed: URL
  try {
    parsed = new URL(url, base)
  } catch {
    throw new AudioFetchError('The audio URL is not a valid URL')
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new AudioFetchError('The audio URL must start with http:// or https://')
  if (parsed.username || parsed.password) throw new AudioFetchError('The audio URL must not carry a user name or password')
  return parsed
}

/** One GET, the host checked (an IP literal here, a name by the socket's lookup); the response's head. */
function request(url: URL, allowed: boolean, signal: AbortSignal): Promise<IncomingMessage> {
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (!allowed && net.isIP(host) && isRefusedAddress(host)) return Promise.reject(new AudioFetchError(REFUSED_MESSAGE))
  const client = url.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const req = client.get(url, {
      signal,
      lookup: allowed ? undefined : checkingLookup,
      // Our own agentless socket: a pooled one could have been opened to another address.
      agent: false,
      headers: { accept: 'audio/*, */*;q=0.5', 'user-agent': 'wl-admin catalogue ingestion' },
    })
    req.once('response', resolve)
    req.once('error', reject)
  })
}

const REDIRECTS = new Set([301, 302, 303, 307, 308])

export async function fetchAudio(url: string, options: AudioFetchOptions): Promise<FetchedAudio> {
  const allowHosts = new Set((options.allowHosts ?? []).map((host) => host.toLowerCase()))
  const signal = AbortSignal.timeout(options.timeoutMs)
  const late = () => new AudioFetchError(`The audio did not arrive within ${options.timeoutMs / 1000} s`)
  let target = parseUrl(url)
  let response: IncomingMessage
  for (let hops = 0; ; hops += 1) {
    try {
      response = await request(target, allowHosts.has(target.hostname.replace(/^\[|\]$/g, '').toLowerCase()), signal)
    } catch (error) {
      if (error instanceof AudioFetchError) throw error
      if (signal.aborted) throw late()
      throw new AudioFetchError(`The audio could not be fetched: ${(error as Error).message}`)
    }
    const status = response.statusCode ?? 0
    if (!REDIRECTS.has(status)) break
    response.resume()
    const location = response.headers.location
    if (!location) throw new AudioFetchError(`The audio URL answered ${status} without a new address`)
    if (hops >= (options.maxRedirects ?? 5)) throw new AudioFetchError('The audio URL redirects too many times')
    target = parseUrl(location, target)
  }
  const status = response.statusCode ?? 0
  if (status < 200 || status >= 300) {
    response.destroy()
    throw new AudioFetchError(`The audio URL answered ${status}`)
  }
  const declared = Number(response.headers['content-length'] ?? NaN)
  if (declared > options.maxBytes) {
    response.destroy()
    throw new AudioFetchError(`The audio is larger than ${megabytes(options.maxBytes)}`)
  }
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.byteLength
      // A server that sends more than it declared (or declares nothing) is cut off at the cap.
      if (size > options.maxBytes) {
        response.destroy()
        throw new AudioFetchError(`The audio is larger than ${megabytes(options.maxBytes)}`)
      }
      chunks.push(chunk)
    }
  } catch (error) {
    if (error instanceof AudioFetchError) throw error
    throw signal.aborted ? late() : new AudioFetchError('The audio download broke off')
  }
  if (signal.aborted) throw late()
  const data = Buffer.concat(chunks)
  if (data.length === 0) throw new AudioFetchError('The audio URL answered an empty file')
  const type = await fileTypeFromBuffer(data)
  if (!type || !AUDIO_MIMES.includes(type.mime)) throw new AudioFetchError(`The file at the audio URL is not ${FILE_KINDS.audio.label}`)
  let name: string
  try {
    name = decodeURIComponent(target.pathname.split('/').pop() || '')
  } catch {
    name = ''
  }
  return { data, mime: type.mime, fileName: name || `audio.${type.ext}` }
}
