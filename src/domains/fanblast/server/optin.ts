import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Services } from '@server/context'
import { escapeMarkup } from '@server/markup'
import { fanblastFans } from './schema'
import { fanPage, formScope } from './pages'

// The opt-in form on an artist's smartlink page (docs/fanblast.md, "Fans"). Public and without a
// session, so it guards itself: a form token signed for that page (no post from elsewhere, and it
// expires), the browser's Origin checked when sent, a field only robots fill in, and a per-address cap.

const CONTEXT = 'fanblast-optin'
const TOKEN_DAYS = 2
const WINDOW_MS = 10 * 60_000
const PER_WINDOW = 10
const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]{2,}$/

/** Who a smartlink's fans belong to: the owner of its release. */
export interface OptInTarget {
  tenantId: number
  accountId: number
  code: string
  title: string
}

function formToken(services: Services, target: OptInTarget, issued: number): string {
  return `${issued}.${services.secrets.sign(`${target.tenantId}.${target.code}.${issued}`, CONTEXT)}`
}

function tokenValid(services: Services, target: OptInTarget, token: string, now: number): boolean {
  const match = /^(\d{10,15})\.([A-Za-z0-9_-]{20,100})$/.exec(token)
  if (!match) return false
  const issued = Number(match[1])
  if (issued > now + 60_000 || now - issued > TOKEN_DAYS * 86_400_000) return false
  const expected = Buffer.from(formToken(services, target, issued))
  const given = Buffer.from(token)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/** The form's HTML for the smartlink page (posting to /l/{code}/fans). */
export function optInFormHtml(services: Services, target: OptInTarget): string {
  const token = formToken(services, target, services.now().getTime())
  return `<form class="fans" method="post" action="/l/${encodeURIComponent(target.code)}/fans">
<h2>Get news by email</h2>
<label>Email <input type="email" name="email" required maxlength="254" autocomplete="email"></label>
<label class="consent"><input type="checkbox" name="consent" value="yes" required> I agree to receive emails about this artist's music. I can unsubscribe at any time.</label>
<label class="hp" aria-hidden="true">Leave empty <input type="text" name="website" tabindex="-1" autocomplete="off"></label>
<input type="hidden" name="token" value="${escapeMarkup(token)}">
<button type="submit">Sign up</button>
</form>`
}

/** Recent sign-ups per client address, in this process. */
const recent = new Map<string, number[]>()
function overLimit(key: string, now: number): boolean {
  const times = (recent.get(key) ?? []).filter((at) => now - at < WINDOW_MS)
  times.push(now)
  recent.set(key, times)
  if (recent.size > 10_000) for (const [name, list] of recent) if (list.every((at) => now - at >= WINDOW_MS)) recent.delete(name)
  return times.length > PER_WINDOW
}

/** Adds or re-subscribes the fan, with the consent date and the page as its source. */
export async function acceptOptIn(services: Services, target: OptInTarget, email: string): Promise<void> {
  const now = services.now()
  await services.db
    .insert(fanblastFans)
    .values({ tenantId: target.tenantId, accountId: target.accountId, email, source: 'smartlink', consentAt: now, consentProof: `smartlink ${target.code}` })
    .onConflictDoUpdate({
      target: [fanblastFans.tenantId, fanblastFans.accountId, fanblastFans.email],
      // Signing up again is a new consent: an unsubscribed fan is back, with this date and source.
      set: { unsubscribedAt: null, consentAt: now, source: 'smartlink', consentProof: `smartlink ${target.code}` },
    })
}

/**
 * POST /l/{code}/fans. `resolve` is the catalogue's: it finds the smartlink of the host's workspace
 * and the owner of its release (the catalogue calls this from its smartlink pages).
 */
export function registerOptIn(
  app: FastifyInstance,
  services: Services,
  resolve: (req: FastifyRequest<{ Params: { code: string } }>) => Promise<OptInTarget | null>,
) {
  formScope(app, (scope) => {
    scope.post<{ Params: { code: string }; Body: Record<string, string> | undefined }>('/l/:code/fans', async (req, reply) => {
      const target = await resolve(req)
      if (!target) return fanPage(reply, 404, 'Link not found', '<h1>This link does not exist.</h1>')
      const back = `<p><a href="/l/${escapeMarkup(encodeURIComponent(target.code))}">Back</a></p>`
      const origin = req.headers.origin
      if (origin && origin !== 'null') {
        let host = ''
        try {
          host = new URL(origin).host
        } catch {
          host = ''
        }
        if (host !== req.headers.host) return fanPage(reply, 403, 'Refused', '<h1>This sign-up came from another site.</h1>')
      }
      const body = req.body ?? {}
      const now = services.now().getTime()
      if (!tokenValid(services, target, String(body.token ?? ''), now))
        return fanPage(reply, 403, 'Expired', `<h1>This form has expired.</h1><p>Open the page again and sign up.</p>${back}`)
      if (overLimit(`${req.ip}`, Date.now())) return fanPage(reply, 429, 'Too many', `<h1>Too many sign-ups from here.</h1><p>Try again later.</p>${back}`)
      const email = String(body.email ?? '').trim().toLowerCase()
      if (body.consent !== 'yes' || !EMAIL.test(email) || email.length > 254)
        return fanPage(reply, 400, 'Check the form', `<h1>Enter your email and tick the box to agree.</h1>${back}`)
      // A robot filled in the hidden field: answered like a success, stored nowhere.
      if (!body.website) await acceptOptIn(services, target, email)
      return fanPage(reply, 200, 'Signed up', `<h1>You are on the list.</h1><p>You will get news about ${escapeMarkup(target.title)} by email.</p>${back}`)
    })
  })
}
