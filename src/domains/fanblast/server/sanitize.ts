import sanitizeHtml from 'sanitize-html'

/**
 * A blast's HTML as it may be stored, shown to staff and mailed: text formatting, lists, quotes,
 * links and https images only. Mail clients run no frames or forms, and staff preview it in our own
 * origin, so nothing active survives: no script, no event attributes, no styles, no frames, no forms.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['h2', 'h3', 'h4', 'p', 'br', 'hr', 'strong', 'b', 'em', 'i', 's', 'u', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'a', 'img'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
  },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'xmp', 'noembed', 'noframes', 'plaintext', 'title'],
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' } }),
  },
  // An image from anywhere but an https address (data:, javascript:, a relative path) is dropped whole.
  exclusiveFilter: (frame) => frame.tag === 'img' && !/^https:\/\/[^\s"'<>]+$/.test(frame.attribs.src ?? ''),
}

export function sanitizeBlastHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim()
}

/** The message as plain text, for the text/plain part of the mail. */
export function blastText(html: string): string {
  const withBreaks = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h2|h3|h4|li|blockquote|pre)>/gi, '\n\n')
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gi, '$2 ($1)')
  const text = sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {} })
  return text
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

export function hasText(html: string): boolean {
  return /<img\b/.test(html) || sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim().length > 0
}
