import type { FastifyInstance } from 'fastify'
import { SMTPServer } from 'smtp-server'
import type { Services } from '@server/context'
import { receiveMail, secretMatches } from './inbound'

/** The largest inbound message taken, attachments included (each attachment is held to 10 MB). */
export const MAX_INBOUND_BYTES = 30 * 1024 * 1024

/**
 * Support mail in: the webhook a mail provider posts raw MIME to (`POST /api/support/inbound`, the
 * shared secret in `Authorization: Bearer …` or `X-Support-Secret`), and, when SUPPORT_SMTP_PORT is
 * set, a built-in SMTP receiver for the MTA in front of it. Both go through `receiveMail`.
 */
export function registerSupportInbound(app: FastifyInstance, services: Services): void {
  void app.register(async (scope) => {
    // Raw MIME is no JSON: these types arrive as bytes, only on this route's scope.
    scope.addContentTypeParser(
      ['message/rfc822', 'text/plain', 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: MAX_INBOUND_BYTES },
      (_req, body, done) => done(null, body),
    )
    scope.post('/api/support/inbound', { bodyLimit: MAX_INBOUND_BYTES }, async (req, reply) => {
      const secret = services.config.supportInbound.webhookSecret
      if (!secret)
        return reply.code(503).send({ message: 'Inbound mail is not configured (SUPPORT_INBOUND_SECRET).', code: 'not_configured' })
      const header = req.headers.authorization?.replace(/^Bearer\s+/i, '') ?? String(req.headers['x-support-secret'] ?? '')
      if (!secretMatches(header, secret)) return reply.code(401).send({ message: 'The inbound secret is wrong.', code: 'unauthenticated' })
      if (!Buffer.isBuffer(req.body) || req.body.length === 0)
        return reply.code(415).send({ message: 'Post the raw message as message/rfc822.', code: 'upload_type' })
      const tenant = await services.tenants.forHost(req.headers.host)
      const done = await receiveMail(services, req.body, { tenantId: tenant?.id })
      return reply.code(202).send(done)
    })
  })

  const { smtpPort, smtpHost } = services.config.supportInbound
  if (!smtpPort) return
  const server = new SMTPServer({
    // Mail for the desk arrives from the MTA in front of it (or the sender's server): no login, no relay.
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_INBOUND_BYTES,
    logger: false,
    banner: 'support desk',
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      let size = 0
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length
        if (size <= MAX_INBOUND_BYTES) chunks.push(chunk)
      })
      stream.on('end', () => {
        if (stream.sizeExceeded) return callback(Object.assign(new Error('Message too large'), { responseCode: 552 }))
        const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address)
        receiveMail(services, Buffer.concat(chunks), { recipients }).then(
          () => callback(),
          (error: unknown) => {
            app.log.error({ err: error }, 'support mail could not be stored')
            callback(Object.assign(new Error('Temporary failure, try again later'), { responseCode: 451 }))
          },
        )
      })
    },
  })
  app.addHook('onReady', () => new Promise<void>((resolve) => server.listen(smtpPort, smtpHost, () => resolve())))
  app.addHook('onClose', () => new Promise<void>((resolve) => server.close(() => resolve())))
}
