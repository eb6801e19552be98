import type { FastifyError, FastifyInstance } from 'fastify'
import { ERROR_CODES } from '@core/session'
import { HttpError } from '../errors'

/**
 * One error shape for every /api answer: { message, code?, errors?, requestId? }.
 * Client errors say what to fix; server errors say nothing of internals but carry the request id
 * that is in the log.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | Error, req, reply) => {
    if (error instanceof HttpError && error.statusCode > 599) {
      // The spec's 777 "Duplicate Requests Analytics" (a question still being answered) is outside the
      // range Fastify will set, so it is written on the raw response (Node accepts 100–999).
      reply.hijack()
      reply.raw.writeHead(error.statusCode, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
      reply.raw.end(JSON.stringify({ message: error.message, code: error.code }))
      return
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({
        message: error.message,
        code: error.code,
        ...(error.errors ? { errors: error.errors } : {}),
      })
    }
    const status = (error as FastifyError).statusCode
    if (status && status >= 400 && status < 500) {
      const messages: Record<string, string> = {
        FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
        FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
        FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
        FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here.',
        FST_REQ_FILE_TOO_LARGE: 'The file is too large.',
      }
      const code = (error as FastifyError).code
      return reply.code(status).send({ message: messages[code] ?? error.message, code: status === 400 ? ERROR_CODES.validation : code })
    }
    req.log.error({ err: error }, 'request failed')
    return reply.code(500).send({
      message: 'Something went wrong on our side. Try again, and if it keeps happening give the request id to support.',
      code: ERROR_CODES.internal,
      requestId: String(req.id),
    })
  })
}
