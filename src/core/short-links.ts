// Smartlinks: one short link per release, on the workspace's short-link host (site setting
// `shortLinkHost`), answered by GET /l/{code} on this server.

/** Where the public page lives when the setting is a bare host name. */
export const SHORT_LINK_PATH = '/l/'

/** A custom code: 3–40 characters, lower-case letters, digits and hyphens. */
export const SLUG_PATTERN = /^[a-z0-9-]{3,40}$/
export const SLUG_RULE = 'Use 3 to 40 characters: lower-case letters, digits and hyphens'

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?'
const HOST_NAME = new RegExp(`^(?=.{1,253}(?::|$))(?:localhost|${LABEL}(?:\\.${LABEL})+)(?::\\d{1,5})?$`)
export const SHORT_LINK_HOST_RULE = 'Use a host name like go.example.com, or an https:// address'

/**
 * The setting as stored: a lower-case host name (links are https://host/l/code), or an https URL.
 * A URL without a path means the same as its host name; one with a path makes that path the prefix
 * of every link (https://example.com/go/ for a proxy that maps /go/ to this server's /l/).
 */
export function normalizeShortLinkHost(input: string): { ok: true; value: string } | { ok: false; message: string } {
  const text = input.trim()
  if (/^https:\/\//i.test(text)) {
    let url: URL
    try {
      url = new URL(text)
    } catch {
      return { ok: false, message: SHORT_LINK_HOST_RULE }
    }
    if (url.username || url.password || url.search || url.hash || !HOST_NAME.test(url.host.toLowerCase()))
      return { ok: false, message: SHORT_LINK_HOST_RULE }
    const host = url.host.toLowerCase()
    if (url.pathname === '/') return { ok: true, value: host }
    const path = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`
    return { ok: true, value: `https://${host}${path}` }
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return { ok: false, message: 'Short links must use https://' }
  const host = text.toLowerCase().replace(/\/+$/, '')
  return HOST_NAME.test(host) ? { ok: true, value: host } : { ok: false, message: SHORT_LINK_HOST_RULE }
}

/** The prefix every short link of the workspace starts with; `workspaceOrigin` when nothing is set. */
export function shortLinkBase(setting: string | null | undefined, workspaceOrigin: string): string {
  if (!setting) return `${workspaceOrigin.replace(/\/+$/, '')}${SHORT_LINK_PATH}`
  if (setting.startsWith('https://')) return setting
  return `https://${setting}${SHORT_LINK_PATH}`
}
