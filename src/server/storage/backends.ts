import { createReadStream } from 'node:fs'
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { AwsClient } from 'aws4fetch'

/** Where file bytes live. Keys are relative paths made by the file store, never by users. */
/** A part of a stored file: bytes start up to, not including, end. */
export interface ByteRange {
  start: number
  end: number
}

export interface StorageBackend {
  readonly kind: 'local' | 's3'
  put(key: string, body: Buffer, contentType: string): Promise<void>
  /** Stores the bytes of a local file (a spooled upload), which may be moved away in the process. */
  putFile(key: string, file: string, contentType: string): Promise<void>
  /** The stored bytes, or only bytes `range.start` up to (not including) `range.end`. */
  get(key: string, range?: ByteRange): Promise<Readable>
  delete(key: string): Promise<void>
}

function assertKey(key: string) {
  if (!/^[a-zA-Z0-9/_.-]+$/.test(key) || key.includes('..') || key.startsWith('/')) throw new Error(`Unsafe storage key ${key}`)
}

export class LocalStorage implements StorageBackend {
  readonly kind = 'local' as const
  constructor(private readonly root: string) {}

  private resolve(key: string) {
    assertKey(key)
    return path.join(this.root, key)
  }

  async put(key: string, body: Buffer): Promise<void> {
    const target = this.resolve(key)
    await mkdir(path.dirname(target), { recursive: true })
    // Write then rename: a crash never leaves half a file under the final name.
    const temporary = `${target}.${process.pid}.partial`
    await writeFile(temporary, body, { mode: 0o600 })
    await rename(temporary, target)
  }

  async putFile(key: string, file: string): Promise<void> {
    const target = this.resolve(key)
    await mkdir(path.dirname(target), { recursive: true })
    const temporary = `${target}.${process.pid}.partial`
    try {
      await rename(file, temporary)
    } catch (error) {
      // Another file system: copy instead of moving.
      if ((error as { code?: string }).code !== 'EXDEV') throw error
      await copyFile(file, temporary)
    }
    await rename(temporary, target)
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const target = this.resolve(key)
    await stat(target)
    if (range && range.end <= range.start) return Readable.from([])
    return createReadStream(target, range ? { start: range.start, end: range.end - 1 } : undefined)
  }

  async delete(key: string): Promise<void> {
    await rm(this.resolve(key), { force: true })
  }
}

export interface S3Options {
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
}

/** Any S3-compatible bucket (AWS, MinIO, R2, ...), path-style, signed with SigV4. */
export class S3Storage implements StorageBackend {
  readonly kind = 's3' as const
  private client: AwsClient

  constructor(
    private readonly options: S3Options,
    fetchImpl?: typeof fetch,
  ) {
    this.client = new AwsClient({
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      region: options.region,
      service: 's3',
    })
    if (fetchImpl)
      this.client.fetch = ((input: RequestInfo, init?: RequestInit) => this.client.sign(input, init).then((req) => fetchImpl(req))) as never
  }

  private url(key: string) {
    assertKey(key)
    return `${this.options.endpoint.replace(/\/$/, '')}/${this.options.bucket}/${key}`
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const response = await this.client.fetch(this.url(key), {
      method: 'PUT',
      body: new Uint8Array(body),
      headers: { 'content-type': contentType },
    })
    if (!response.ok) throw new Error(`S3 PUT ${key} answered ${response.status}`)
  }

  /** Read whole: a signed PUT needs the body's hash (SigV4), so this is not streamed. */
  async putFile(key: string, file: string, contentType: string): Promise<void> {
    await this.put(key, await readFile(file), contentType)
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    if (range && range.end <= range.start) return Readable.from([])
    const response = await this.client.fetch(this.url(key), range ? { headers: { range: `bytes=${range.start}-${range.end - 1}` } } : undefined)
    if (!response.ok || !response.body) throw new Error(`S3 GET ${key} answered ${response.status}`)
    if (range && response.status !== 206) throw new Error(`S3 GET ${key} did not answer the byte range asked for`)
    return Readable.fromWeb(response.body as never)
  }

  async delete(key: string): Promise<void> {
    const response = await this.client.fetch(this.url(key), { method: 'DELETE' })
    if (!response.ok && response.status !== 404) throw new Error(`S3 DELETE ${key} answered ${response.status}`)
  }
}
