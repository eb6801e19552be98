import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Services } from '@server/context'
import { FileStore } from '@server/storage/file-store'
import { SLUG_PATTERN } from '@core/short-links'
import { escapeMarkup } from '@server/markup'
import { optInFormHtml, registerOptIn } from '@domains/fanblast/server/public'
import { isLinkPlatform, publicSmartlink, recordClick, type PublicSmartlink } from './links.service'

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#111;color:#fff;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:100%;max-width:420px;padding:32px 20px;text-align:center}
img{width:100%;max-width:320px;aspect-ratio:1;object-fit:cover;border-radius:12px;box-shadow:0 12px 40px rgba(0,0,0,.5)}
h1{font-size:22px;margin:20px 0 24px;line-height:1.3;overflow-wrap:anywhere}
ul{list-style:none;margin:0;padding:0;display:grid;gap:12px}
a{display:block;padding:14px 18px;border-radius:999px;background:#fff;color:#111;text-decoration:none;font-weight:600}
a:hover,a:focus{background:#e6e6e6}
p{color:#aaa;font-size:13px;margin-top:28px}
form.fans{margin-top:28px;display:grid;gap:10px;text-align:left}
form.fans h2{font-size:16px;margin:0;text-align:center}
form.fans input[type=email]{width:100%;padding:12px;border-radius:8px;border:0;margin-top:4px}
form.fans .consent{font-size:13px;color:#ccc}
form.fans .hp{position:absolute;left:-9999px}
form.fans button{padding:12px;border-radius:999px;border:0;background:#fff;color:#111;font-weight:600}
`
// The page runs no script and loads nothing from elsewhere; its one style block is allowed by hash.
const CSP = [
  "default-src 'none'",
  "img-src 'self'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'",
  // The fan sign-up form posts to this page's own address only.
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeMarkup(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`
}

export function renderSmartlinkPage(link: PublicSmartlink, code: string, workspaceName: string, optInForm = ''): string {
  const base = `/l/${encodeURIComponent(code)}`
  const cover =
    link.coverFileId === null
      ? ''
      : `<img src="${base}/cover" alt="${escapeMarkup(`Cover art of ${link.title}`)}" width="320" height="320">`
  const buttons = link.entries.length
    ? `<ul>${link.entries
        .map(
          (entry) => `<li><a href="${base}/${entry.platform}" rel="nofollow noopener">${escapeMarkup(`Listen on ${entry.label}`)}</a></li>`,
        )
        .join('')}</ul>`
    : '<p>Not available on any platform yet.</p>'
  return page(link.title, `${cover}\n<h1>${escapeMarkup(link.title)}</h1>\n${buttons}\n${optInForm}\n<p>${escapeMarkup(workspaceName)}</p>`)
}

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', CSP)
    .header('cache-control', 'no-cache')
    .send(html)
}

const notFoundPage = (reply: FastifyReply) =>
  sendHtml(reply, 404, page('Link not found', '<h1>This link does not exist.</h1><p>It may have been changed or removed.</p>'))

/** The host's workspace and the smartlink of that code in it, or null. */
async function resolve(services: Services, req: FastifyRequest<{ Params: { code: string } }>) {
  const code = req.params.code.toLowerCase()
  if (!SLUG_PATTERN.test(code)) return null
  const tenant = await services.tenants.forHost(req.headers.host)
  if (!tenant) return null
  const link = await publicSmartlink(services.db, tenant.id, code)
  return link ? { tenant, link, code } : null
}

/**
 * The public side of smartlinks, outside /api and without a session: the landing page, its cover
 * image, and one redirect per platform that counts the click.
 */
export function registerSmartlinkPages(app: FastifyInstance, services: Services): void {
  app.get<{ Params: { code: string } }>('/l/:code', async (req, reply) => {
    const found = await resolve(services, req)
    if (!found) return notFoundPage(reply)
    const optIn = optInFormHtml(services, { tenantId: found.tenant.id, accountId: found.link.accountId, code: found.code, title: found.link.title })
    return sendHtml(reply, 200, renderSmartlinkPage(found.link, found.code, found.tenant.name, optIn))
  })

  // Fans sign up on the page (the fan blast domain keeps them, docs/fanblast.md).
  registerOptIn(app, services, async (req) => {
    const found = await resolve(services, req)
    return found ? { tenantId: found.tenant.id, accountId: found.link.accountId, code: found.code, title: found.link.title } : null
  })

  app.get<{ Params: { code: string } }>('/l/:code/cover', async (req, reply) => {
    const found = await resolve(services, req)
    const file = found?.link.coverFileId ? await services.files.find(services.db, found.tenant.id, found.link.coverFileId) : null
    if (!found || !file || !file.contentType.startsWith('image/')) return notFoundPage(reply)
    const stream = await services.files.open(file)
    return reply
      .headers({ ...FileStore.responseHeaders(file), 'cache-control': 'public, max-age=3600' })
      .header('content-length', String(file.size))
      .send(stream)
  })

  app.get<{ Params: { code: string; platform: string } }>('/l/:code/:platform', async (req, reply) => {
    const found = await resolve(services, req)
    const platform = req.params.platform
    const entry = found && isLinkPlatform(platform) ? found.link.entries.find((candidate) => candidate.platform === platform) : undefined
    if (!found || !entry) return notFoundPage(reply)
    // A HEAD (link previews, checkers) is not somebody clicking.
    if (req.method === 'GET') await recordClick(services.db, found.tenant.id, found.link.id, entry.platform, services.now())
    return reply.header('cache-control', 'no-store').redirect(entry.url, 302)
  })
}
