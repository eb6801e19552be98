import type { FastifyRequest } from 'fastify'

/**
 * What the server log may say about a request and an error. Personal data must not reach the log:
 * a request is logged by method, path and id only (no query string, no body, no address), and an
 * error keeps its kind, message, code and stack but not the values it was handling: drizzle puts a
 * failed query's parameters in its message and in `params`, PostgreSQL repeats the offending
 * values in `detail` ("Key (email)=(…) already exists") — a failed note insert logged the note.
 */
const ERROR_FIELDS = ['type', 'code', 'statusCode', 'severity', 'routine', 'constraint', 'table', 'column', 'schema'] as const

/** Drops what follows "params:" in drizzle's "Failed query: …\nparams: …" messages. */
export function redactMessage(message: string): string {
  const at = message.search(/\n?params: /)
  return at === -1 ? message : `${message.slice(0, at)}\nparams: [redacted]`
}

export function serializeError(error: unknown, depth = 0): Record<string, unknown> | unknown {
  if (!(error instanceof Error) && (typeof error !== 'object' || error === null)) return error
  const source = error as Record<string, unknown> & { message?: unknown; stack?: unknown; cause?: unknown }
  const out: Record<string, unknown> = { type: (error as Error).constructor?.name ?? 'Error' }
  if (typeof source.message === 'string') out.message = redactMessage(source.message)
  if (typeof source.stack === 'string') out.stack = redactMessage(source.stack)
  for (const field of ERROR_FIELDS) if (field !== 'type' && source[field] !== undefined) out[field] = source[field]
  if (source.cause !== undefined && depth < 5) out.cause = serializeError(source.cause, depth + 1)
  return out
}

export function serializeRequest(req: FastifyRequest): Record<string, unknown> {
  const url = req.url ?? ''
  const queryAt = url.indexOf('?')
  return {
    method: req.method,
    url: queryAt === -1 ? url : `${url.slice(0, queryAt)}?[redacted]`,
    endpoint: req.routeOptions?.config?.endpointId,
    id: req.id,
  }
}

/** Fastify logger options: the level, the redacting serializers, and headers that carry secrets removed. */
export function loggerOptions(level: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    ...extra,
    serializers: { req: serializeRequest, err: serializeError, error: serializeError },
  }
}
