import sanitizeHtml from 'sanitize-html'
import { replyHtml } from '@core/ticket-status'

// Comment and reply HTML is kept only as this allow-list leaves it (docs/support.md "Safe HTML"): the
// screens render the stored HTML, so whatever passes here reaches a staff member's browser.

/** Images may only show files of this workspace's own file store; a remote image would tell its sender who read the ticket and when. */
const OWN_FILE = /^\/api\/files\/\d{1,16}$/

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'div',
    'span',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'strike',
    'sub',
    'sup',
    'small',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'img',
  ],
  // No style, class or id: a stylesheet can overlay the screen or fetch remote URLs; no on* handlers at all.
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Their text is code or markup, never something to show.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head', 'iframe', 'object', 'svg', 'math', 'template'],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' },
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !OWN_FILE.test(frame.attribs.src ?? ''),
}
// rel and target are set by the transform, so they must be allowed through it.
;(OPTIONS.allowedAttributes as Record<string, string[]>).a.push('rel', 'target')

/** The HTML as it is stored and shown: only the allow-list's tags and attributes, links to http(s)/mailto only. */
export function sanitizeCommentHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim()
}

const BLOCK_END = /<\/(p|div|li|h[1-6]|blockquote|pre|tr|table|ul|ol)>|<br\s*\/?>|<hr\s*\/?>/gi

const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" }

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8}|#39);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return safeCodePoint(parseInt(name.slice(2), 16)) ?? whole
    if (name.startsWith('#')) return safeCodePoint(Number(name.slice(1))) ?? whole
    return NAMED[name.toLowerCase()] ?? whole
  })
}

function safeCodePoint(code: number): string | null {
  if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return null
  return String.fromCodePoint(code)
}

/** The plain body derived from sanitised HTML: block ends become line breaks, tags go, entities are decoded. */
export function plainFromHtml(safeHtml: string): string {
  const withBreaks = safeHtml.replace(BLOCK_END, (tag) => `${tag}\n`)
  const text = sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {}, nonTextTags: OPTIONS.nonTextTags })
  return decodeEntities(text)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/** Plain text (a mail without HTML, a typed note) as HTML: escaped, paragraphs and line breaks kept. */
export const htmlFromPlain = replyHtml

/** Sanitised HTML and the plain body derived from it, as a comment stores them. */
export function commentBodies(html: string): { html: string; plain: string } {
  const safe = sanitizeCommentHtml(html)
  return { html: safe, plain: plainFromHtml(safe) }
}
