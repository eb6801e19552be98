import { z } from 'zod'

import type { Access, Method } from './route'

export type { Access, Method } from './route'
export { fillPath } from './route'

/**
 * One API call, as data. The server registers a route from it, the client's
 * `api.call(id, input)` is typed from it and the OpenAPI document is generated from it.
 */
export interface EndpointDef {
  method: Method
  /** Path under /api, with `{name}` parameters, exactly as endpoints.tsv writes it. */
  path: string
  access: Access
  summary: string
  params?: z.ZodType
  query?: z.ZodType
  body?: z.ZodType
  response: z.ZodType
  /** `multipart`: the body arrives as multipart form data (fields and files). */
  bodyType?: 'json' | 'multipart'
  /** `file`: the answer is a download, not JSON; `response` then describes nothing. */
  responseType?: 'json' | 'file'
  /** 200 unless said otherwise. */
  status?: number
  /** Idempotency-Key header honoured (payout calls). */
  idempotent?: boolean
  /** Largest accepted body in bytes when it exceeds the default 2 MB (files sent as data URLs). */
  bodyLimit?: number
  /**
   * Multipart only: the file fields accepted and the largest size of each, in bytes. `spool`: the
   * upload streams to a temporary file (hashed on the way) instead of memory; the handler gets its
   * first bytes as `data` and the file as `spooled`.
   */
  files?: Readonly<Record<string, { maxBytes: number; required?: boolean; spool?: boolean }>>
}

export function endpoint<const D extends EndpointDef>(definition: D): D {
  return definition
}

type Schema<D, K extends 'params' | 'query' | 'body'> = D extends { [P in K]: infer S extends z.ZodType } ? S : never

/** What the client passes: the schemas' input types, only for the parts the endpoint has. */
export type EndpointInput<D extends EndpointDef> = ([Schema<D, 'params'>] extends [never]
  ? unknown
  : { params: z.input<Schema<D, 'params'>> }) &
  ([Schema<D, 'query'>] extends [never] ? unknown : { query: z.input<Schema<D, 'query'>> }) &
  ([Schema<D, 'body'>] extends [never] ? unknown : { body: z.input<Schema<D, 'body'>> })

/** What a handler receives: the parsed (output) types. */
export interface UploadedFile {
  filename: string
  /** As the browser declared it; uploads are judged by their bytes, not by this. */
  mimetype: string
  /** The whole file; for a spooled upload, its first bytes only (SPOOL_HEAD_BYTES). */
  data: Buffer
  /** A spooled upload: the temporary file (removed after the request), its size and SHA-256. */
  spooled?: { path: string; size: number; sha256: string }
}

/** How many first bytes of a spooled upload its `data` holds (enough for a header row and a content check). */
export const SPOOL_HEAD_BYTES = 64 * 1024

export interface ParsedInput<D extends EndpointDef> {
  params: [Schema<D, 'params'>] extends [never] ? Record<string, never> : z.output<Schema<D, 'params'>>
  query: [Schema<D, 'query'>] extends [never] ? Record<string, never> : z.output<Schema<D, 'query'>>
  body: [Schema<D, 'body'>] extends [never] ? Record<string, never> : z.output<Schema<D, 'body'>>
  /** Multipart endpoints: the uploaded files by field name. */
  files: Partial<Record<keyof NonNullable<D['files']> & string, UploadedFile>>
}

export type EndpointOutput<D extends EndpointDef> = z.output<D['response']>
/** What a handler returns before the response schema shapes it (dates may still be Date objects). */
export type EndpointResult<D extends EndpointDef> = z.input<D['response']>

/** Fastify/OpenAPI style path: `users/single/{id}` -> `/api/users/single/:id`. */
export function routePath(path: string): string {
  return `/api/${path.replace(/\{(\w+)\}/g, ':$1')}`
}

