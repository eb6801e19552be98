import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Services } from '@server/context'
import { escapeMarkup } from '@server/markup'
import { unsubscribe, unsubscribeTarget } from './unsubscribe'

// Public pages outside /api, without a session: unsubscribing from a blast (the visible link and the
// RFC 8058 one-click POST) and the smartlink opt-in's answer. No script; one style block allowed by hash.

const STYLE = `
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#111;color:#fff;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:420px;padding:32px 20px;text-align:center}
button{padding:12px 20px;border-radius:999px;border:0;background:#fff;color:#111;font-weight:600;cursor:pointer}
p{color:#ccc}
`
const CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

export function fanPage(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', CSP)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeMarkup(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`,
    )
}

/** Form posts (the unsubscribe button, RFC 8058's `List-Unsubscribe=One-Click`, the opt-in form) in a scope of their own. */
export function formScope(app: FastifyInstance, register: (scope: FastifyInstance) => void) {
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))))
    })
    register(scope)
  })
}

const gone = (reply: FastifyReply) =>
  fanPage(reply, 404, 'Link not valid', '<h1>This unsubscribe link is not valid.</h1><p>Use the link of the latest message you received.</p>')

export function registerUnsubscribePages(app: FastifyInstance, services: Services) {
  // A GET never unsubscribes: mail scanners open links. The page asks for one press of its button.
  app.get<{ Params: { token: string } }>('/u/:token', async (req, reply) => {
    const target = await unsubscribeTarget(services, req.params.token)
    if (!target) return gone(reply)
    if (target.done) return fanPage(reply, 200, 'Unsubscribed', `<h1>You are unsubscribed.</h1><p>${escapeMarkup(target.fromName)} will not email you again.</p>`)
    return fanPage(
      reply,
      200,
      'Unsubscribe',
      `<h1>Stop emails from ${escapeMarkup(target.fromName)}?</h1><form method="post" action="/u/${escapeMarkup(req.params.token)}"><button type="submit">Unsubscribe</button></form>`,
    )
  })
  formScope(app, (scope) => {
    scope.post<{ Params: { token: string } }>('/u/:token', async (req: FastifyRequest<{ Params: { token: string } }>, reply) => {
      const fromName = await unsubscribe(services, req.params.token)
      if (fromName === null) return gone(reply)
      return fanPage(reply, 200, 'Unsubscribed', `<h1>You are unsubscribed.</h1><p>${escapeMarkup(fromName)} will not email you again.</p>`)
    })
  })
}
