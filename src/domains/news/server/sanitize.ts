import sanitizeHtml from 'sanitize-html'

/**
 * Hosts whose players a post may embed. An iframe from anywhere else is dropped: a frame runs its
 * own script, so only well-known players, and always sandboxed without same-origin rights to ours.
 */
export const EMBED_HOSTS = ['www.youtube-nocookie.com', 'www.youtube.com', 'player.vimeo.com', 'open.spotify.com']

/** Images come from this workspace's file store (embed-image) or from an https address. */
const IMAGE_SRC = /^(\/api\/files\/\d{1,16}|https:\/\/[^\s"'<>]+)$/

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['h2', 'h3', 'h4', 'p', 'br', 'hr', 'strong', 'b', 'em', 'i', 's', 'u', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'a', 'img', 'iframe', 'div'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    iframe: ['src', 'width', 'height', 'title', 'allowfullscreen', 'sandbox', 'data-embed'],
    div: ['data-embed'],
    ol: ['start'],
  },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: ['https'], iframe: ['https'] },
  allowProtocolRelative: false,
  allowedIframeHostnames: EMBED_HOSTS,
  // Nothing of a dropped element's inside is kept when that inside is code or styling.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'xmp', 'noembed', 'noframes', 'plaintext'],
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links leave in a new tab without handing our window to the page they open.
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
    iframe: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...attribs,
        sandbox: 'allow-scripts allow-presentation allow-popups',
        'data-embed': '',
      },
    }),
  },
  // An image from elsewhere, or a frame whose address was refused (its src is then gone), is dropped whole.
  exclusiveFilter: (frame) =>
    (frame.tag === 'img' && !IMAGE_SRC.test(frame.attribs.src ?? '')) || (frame.tag === 'iframe' && !frame.attribs.src),
}

/** A post's HTML as it may be stored and shown: only the editor's elements, no script, no handlers, no styles. */
export function sanitizeNewsHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim()
}

/** Whether the sanitised HTML says anything (an editor's empty paragraph does not). */
export function hasContent(html: string): boolean {
  return /<(img|iframe)\b/.test(html) || sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim().length > 0
}
