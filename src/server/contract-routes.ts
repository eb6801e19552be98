import { createHash, randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { ENDPOINTS, SPOOL_HEAD_BYTES, routePath, type EndpointDef, type EndpointId, type UploadedFile } from '@contract/index'
import { CSRF_HEADER, ERROR_CODES, SESSION_COOKIE } from '@core/session'
import type { AuthedContext, RequestContext, Services, SessionInfo } from './context'
import { HttpError, forbidden, notFound, unauthorized } from './errors'
import type { AnyHandler } from './handlers'
import { clientInfo, findSession, touchSession } from './auth/sessions'
import { safeEqual } from './auth/tokens'
import { runIdempotent } from './idempotency'

const TOUCH_EVERY_MS = 5 * 60 * 1000
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Field path -> first message, e.g. { "email": "Email must be valid" }. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_'
    errors[key] ??= issue.message
  }
  return errors
}

// A NUL (PostgreSQL text cannot hold one) or a lone UTF-16 surrogate (no UTF-8 form) anywhere in a value.
// eslint-disable-next-line no-control-regex
const UNSTORABLE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
export const UNSTORABLE_TEXT_MESSAGE = 'Contains characters that are not allowed (a NUL byte or a broken character).'

/** The path of the first string (or object key) that the database could not store, or null. */
export function unstorableText(value: unknown, at: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return UNSTORABLE_TEXT.test(value) ? at : null
  if (value === null || typeof value !== 'object' || depth > 32) return null
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = unstorableText(value[index], [...at, String(index)], depth + 1)
      if (found) return found
    }
    return null
  }
  for (const [key, item] of Object.entries(value)) {
    if (UNSTORABLE_TEXT.test(key)) return [...at, key]
    const found = unstorableText(item, [...at, key], depth + 1)
    if (found) return found
  }
  return null
}

function parsePart(schema: z.ZodType | undefined, value: unknown, part: 'path' | 'query' | 'body'): unknown {
  if (!schema) return {}
  // Every endpoint at once: text the database cannot store is a client error, never a failed query.
  const bad = unstorableText(value)
  if (bad) {
    if (part === 'path') throw notFound()
    const field = bad.length ? bad.join('.') : '_'
    throw new HttpError(400, UNSTORABLE_TEXT_MESSAGE, ERROR_CODES.validation, { [field]: UNSTORABLE_TEXT_MESSAGE })
  }
  const result = schema.safeParse(value ?? {})
  if (!result.success) {
    // A path that does not name a record (`users/single/0x10`) is an unknown address, not a bad form.
    if (part === 'path') throw notFound()
    const errors = fieldErrors(result.error)
    const first = Object.values(errors)[0]
    throw new HttpError(400, first ?? `Invalid ${part}.`, ERROR_CODES.validation, errors)
  }
  return result.data
}

function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization
  if (typeof header === 'string' && header.toLowerCase().startsWith('bearer ')) return header.slice(7).trim() || null
  return null
}

const SESSION_MESSAGES = {
  missing: 'You need to sign in.',
  expired: 'Your session has expired. Sign in again.',
  revoked: 'Your session has ended. Sign in again.',
  banned: 'Your account has been banned.',
  elsewhere: 'This session belongs to another workspace. Sign in here.',
} as const

interface Resolved {
  session: SessionInfo | null
  failure: keyof typeof SESSION_MESSAGES | null
}

/** The session a request carries (bearer token or cookie), null when none is valid here; also used by the HTML's route preload (plugins/route-preload.ts). */
export async function resolveSession(services: Services, req: FastifyRequest, hostTenantId: number | null): Promise<Resolved> {
  const bearer = bearerToken(req)
  const token = bearer ?? req.cookies[SESSION_COOKIE] ?? null
  if (!token) return { session: null, failure: 'missing' }
  const now = services.now()
  const found = await findSession(services.db, token, now)
  if (found.status !== 'ok') return { session: null, failure: found.status }
  if (hostTenantId !== null && found.session.tenantId !== hostTenantId) return { session: null, failure: 'elsewhere' }
  if (!found.lastSeenAt || now.getTime() - found.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await touchSession(services.db, found.session.id, now)
  }
  return { session: { ...found.session, viaCookie: !bearer }, failure: null }
}

/** Cookie-authenticated writes must echo the session's CSRF token; cross-site writes are refused. */
function checkCsrf(req: FastifyRequest, session: SessionInfo | null) {
  if (SAFE_METHODS.has(req.method)) return
  const origin = req.headers.origin
  if (typeof origin === 'string' && origin !== 'null') {
    let originHost: string | null = null
    try {
      originHost = new URL(origin).host
    } catch {
      originHost = null
    }
    if (originHost !== req.headers.host) throw new HttpError(403, 'Cross-site request refused.', ERROR_CODES.csrf)
  }
  if (session?.viaCookie) {
    const header = req.headers[CSRF_HEADER]
    if (typeof header !== 'string' || !safeEqual(header, session.csrfToken)) {
      throw new HttpError(403, 'Security token missing or out of date. Reload the page and try again.', ERROR_CODES.csrf)
    }
  }
}

async function buildContext(services: Services, def: EndpointDef, req: FastifyRequest, reply: FastifyReply): Promise<RequestContext> {
  const hostTenant = await services.tenants.forHost(req.headers.host)
  const { session, failure } = await resolveSession(services, req, hostTenant?.id ?? null)
  const info = clientInfo(req, services.config)
  const ctx: RequestContext = {
    services,
    req,
    reply,
    hostTenant,
    session,
    ip: info.ip ?? '',
    userAgent: info.userAgent ?? '',
    requestId: String(req.id),
  }
  if (def.access !== 'guest') {
    if (!session)
      throw unauthorized(SESSION_MESSAGES[failure ?? 'missing'], failure === 'banned' ? ERROR_CODES.banned : ERROR_CODES.unauthenticated)
    const tenant = await services.tenants.byId(session.tenantId)
    if (!tenant) throw unauthorized(SESSION_MESSAGES.missing)
    ;(ctx as AuthedContext).tenant = tenant
    if (def.access === 'admin' && session.account.type !== 'admin') throw forbidden('This needs an admin account.')
  }
  checkCsrf(req, session)
  return ctx
}

const tooLarge = (field: string, maxBytes: number) => {
  const megabytes = Math.round(maxBytes / 1024 / 1024)
  return new HttpError(413, `The file is larger than ${megabytes} MB.`, 'upload_too_large', {
    [field]: `The file is larger than ${megabytes} MB.`,
  })
}

/**
 * Streams one file part to a temporary file, hashing and counting on the way and keeping its first
 * bytes; memory stays flat whatever the size. The file is removed when over the limit or failing.
 */
async function spoolPart(
  field: string,
  filename: string,
  mimetype: string,
  source: AsyncIterable<Buffer> & NodeJS.ReadableStream,
  maxBytes: number,
): Promise<UploadedFile> {
  const target = path.join(os.tmpdir(), `wl-upload-${process.pid}-${randomUUID()}`)
  const hash = createHash('sha256')
  const head: Buffer[] = []
  let headBytes = 0
  let size = 0
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length
      if (size > maxBytes) return done(tooLarge(field, maxBytes))
      hash.update(chunk)
      if (headBytes < SPOOL_HEAD_BYTES) {
        const part = chunk.subarray(0, SPOOL_HEAD_BYTES - headBytes)
        head.push(Buffer.from(part))
        headBytes += part.length
      }
      done(null, chunk)
    },
  })
  try {
    await pipeline(source, meter, createWriteStream(target, { mode: 0o600 }))
  } catch (error) {
    await rm(target, { force: true })
    throw error
  }
  return { filename, mimetype, data: Buffer.concat(head), spooled: { path: target, size, sha256: hash.digest('hex') } }
}

/**
 * A body that breaks off, has no closing boundary or is not multipart at all is the sender's fault:
 * answer 400 (errors that already carry a 4xx, like a file over its limit, keep theirs).
 */
function unreadableUpload(error: unknown): Error {
  if (error instanceof HttpError) return error
  const status = (error as { statusCode?: number }).statusCode
  if (typeof status === 'number' && status >= 400 && status < 500 && status !== 400) return error as Error
  const message = 'The upload could not be read. Send it again as a multipart form.'
  return new HttpError(400, message, ERROR_CODES.validation, { _: message })
}

async function readParts(
  req: FastifyRequest,
  accepted: NonNullable<EndpointDef['files']>,
  fields: Record<string, string>,
  files: Record<string, UploadedFile>,
): Promise<void> {
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      const rule = accepted[part.fieldname]
      if (!rule) {
        await part.toBuffer().catch(() => undefined)
        throw new HttpError(400, `Unexpected file field ${part.fieldname}.`, ERROR_CODES.validation, {
          [part.fieldname]: 'Unexpected file',
        })
      }
      if (unstorableText(part.filename)) {
        await part.toBuffer().catch(() => undefined)
        throw new HttpError(400, UNSTORABLE_TEXT_MESSAGE, ERROR_CODES.validation, { [part.fieldname]: UNSTORABLE_TEXT_MESSAGE })
      }
      if (rule.spool) {
        files[part.fieldname] = await spoolPart(part.fieldname, part.filename, part.mimetype, part.file, rule.maxBytes)
        continue
      }
      const chunks: Buffer[] = []
      let size = 0
      for await (const chunk of part.file) {
        size += (chunk as Buffer).length
        if (size > rule.maxBytes) throw tooLarge(part.fieldname, rule.maxBytes)
        chunks.push(chunk as Buffer)
      }
      files[part.fieldname] = { filename: part.filename, mimetype: part.mimetype, data: Buffer.concat(chunks) }
    } else {
      fields[part.fieldname] = String(part.value)
    }
  }
}

/**
 * Reads a multipart body: text fields into an object (validated by the body schema), files into
 * buffers (or temporary files for `spool` fields), refusing unknown file fields, missing required
 * ones, and files over their limit.
 */
async function readMultipart(
  req: FastifyRequest,
  def: EndpointDef,
  /** Filled as parts arrive, so the caller can remove spooled files whatever happens. */
  files: Record<string, UploadedFile>,
): Promise<{ fields: Record<string, string> }> {
  if (!req.isMultipart()) throw new HttpError(400, 'This needs a multipart form.', ERROR_CODES.validation)
  const fields: Record<string, string> = {}
  const accepted = def.files ?? {}
  try {
    await readParts(req, accepted, fields, files)
  } catch (error) {
    throw unreadableUpload(error)
  }
  for (const [name, rule] of Object.entries(accepted)) {
    if (rule.required && !files[name])
      throw new HttpError(400, 'Please provide the file.', ERROR_CODES.validation, { [name]: 'Please provide the file.' })
  }
  return { fields }
}

/** Registers one Fastify route per contract endpoint, with validation, access and response shaping. */
export function registerContract(
  app: FastifyInstance,
  services: Services,
  handlers: Partial<Record<string, AnyHandler>>,
  endpoints: Record<string, EndpointDef> = ENDPOINTS,
): void {
  for (const [id, def] of Object.entries(endpoints)) {
    const handler = handlers[id]
    if (!handler) continue
    app.route({
      method: def.method,
      url: routePath(def.path),
      config: { endpointId: id },
      ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
      handler: async (req, reply) => {
        // Parsing the answer strips every field the contract does not name: nothing leaks by accident.
        const shape = (result: unknown) => {
          const shaped = def.response.safeParse(result)
          if (!shaped.success) {
            req.log.error({ endpoint: id, issues: shaped.error.issues }, 'response does not match the contract')
            throw new Error(`Response of ${id} does not match the contract`)
          }
          return shaped.data
        }
        const ctx = await buildContext(services, def, req, reply)
        const params = parsePart(def.params, req.params, 'path')
        const query = parsePart(def.query, req.query, 'query')
        let body: unknown
        const files: Record<string, UploadedFile> = {}
        let result: unknown
        try {
          if (def.bodyType === 'multipart') {
            const parts = await readMultipart(req, def, files)
            body = parsePart(def.body, parts.fields, 'body')
          } else {
            body = parsePart(def.body, req.body, 'body')
          }
          if (def.idempotent) {
            // Payout calls: the work runs once per Idempotency-Key, in the key's transaction (src/server/idempotency.ts).
            const outcome = await runIdempotent(ctx as AuthedContext, id, { params, body }, async (scoped) => ({
              status: def.status ?? 200,
              body: shape(await handler({ params, query, body, files, ctx: scoped })),
            }))
            return reply.code(outcome.status).send(outcome.body)
          }
          result = await handler({ params, query, body, files, ctx })
        } finally {
          // Spooled uploads the handler did not move into storage.
          for (const file of Object.values(files)) if (file.spooled) await rm(file.spooled.path, { force: true })
        }
        if (def.responseType === 'file') return reply
        return reply.code(def.status ?? 200).send(shape(result))
      },
    })
  }
}

export function missingHandlers(handlers: Partial<Record<EndpointId, AnyHandler>>): EndpointId[] {
  return (Object.keys(ENDPOINTS) as EndpointId[]).filter((id) => !handlers[id])
}
