import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import fastifyStatic from '@fastify/static'
import { ERROR_CODES } from '@core/session'
import { ROUTE_PRELOAD_MARKER, routePreloader, type RoutePreload } from './route-preload'

/**
 * Serves the built client. Every GET outside /api that is not a file gets index.html, and the
 * client's router shows the page (or its not-found page). Unknown /api paths answer JSON 404.
 * A navigation to a screen route with a declared first read, by an account that may make it, gets
 * index.html with a preload of that read and of the screen's chunk (route-preload.ts).
 */
export async function registerSpa(app: FastifyInstance, clientDir: string | null): Promise<void> {
  const indexPath = clientDir ? path.join(clientDir, 'index.html') : null
  const hasClient = Boolean(indexPath && existsSync(indexPath))
  if (hasClient && clientDir) {
    await app.register(fastifyStatic, {
      root: clientDir,
      // One route per built file, listed at start; everything else falls to the handler below.
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (scripts/precompress.mjs): sent as they are,
      // with Content-Encoding and Vary, to clients that accept them.
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Hashed assets never change; index.html must always be revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable')
      },
    })
  }
  const indexHtml = hasClient && indexPath ? readFileSync(indexPath, 'utf8') : null
  const preloadFor = hasClient && clientDir ? routePreloader(clientDir, app.services) : null
  // The read's preload goes at index.html's marker (beside its own two reads), the chunks' before </head>.
  const withPreload = (html: string, preload: RoutePreload) => {
    const headEnd = html.lastIndexOf('</head>')
    const head = `${html.slice(0, headEnd)}${preload.chunks ? `  ${preload.chunks}\n  ` : ''}${html.slice(headEnd)}`
    return head.includes(ROUTE_PRELOAD_MARKER) ? head.replace(ROUTE_PRELOAD_MARKER, preload.data) : head.replace('</head>', `  ${preload.data}\n  </head>`)
  }

  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0]
    if (url === '/api' || url.startsWith('/api/')) {
      return reply.code(404).send({ message: `No API endpoint ${req.method} ${url}.`, code: ERROR_CODES.notFound })
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return reply.code(404).send({ message: 'Not found.', code: ERROR_CODES.notFound })
    }
    // Built files have their own routes (listed at start); a missing asset must not get HTML.
    if (/\.[a-z0-9]{1,8}$/i.test(url)) return reply.code(404).type('text/plain').send('Not found')
    if (!indexHtml) {
      return reply.code(503).type('text/plain').send('The client is not built. Run `npm run build`, or `npm run dev` for development.')
    }
    // A preload is a head start, never a condition: a failed session lookup serves the plain page.
    const preload = preloadFor ? await preloadFor(req).catch((error: unknown) => (req.log.warn({ err: error }, 'route preload'), null)) : null
    // The page differs by address and by session (the preloads above): always revalidated, never kept by a
    // shared cache when it names a signed-in account's read, and keyed by the cookie everywhere.
    return reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', preload ? 'private, no-cache' : 'no-cache')
      .header('vary', 'Cookie')
      .send(preload ? withPreload(indexHtml, preload) : indexHtml)
  })
}
