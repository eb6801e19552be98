import { describe, expect, it } from 'vitest'
import { sanitizeNewsHtml } from '../../src/domains/news/server/sanitize'
import { DANGER, XSS } from '../helpers/xss-corpus'
import { embedUrl, slugify } from '../../src/core/news'
import { fromLocalInput, isDirty, saveLabel, toLocalInput, EMPTY_POST } from '../../src/domains/news/ui/post-form'

describe('the news allow-list', () => {
  it.each(XSS)('leaves nothing that runs script: %s', (html) => {
    expect(sanitizeNewsHtml(html)).not.toMatch(DANGER)
  })

  it('keeps what the editor writes', () => {
    const html =
      '<h2>Title</h2><p><strong>bold</strong> <em>it</em> <s>x</s> <code>c</code></p><ul><li><p>one</p></li></ul><ol start="3"><li><p>two</p></li></ol>' +
      '<blockquote><p>quote</p></blockquote><img src="/api/files/12" alt="cover">'
    expect(sanitizeNewsHtml(html)).toBe(html.replace('alt="cover">', 'alt="cover" />'))
  })

  it('opens links in a new tab without handing over the window, and sandboxes allowed players', () => {
    expect(sanitizeNewsHtml('<a href="https://example.com">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    )
    const embed = sanitizeNewsHtml('<iframe src="https://www.youtube-nocookie.com/embed/abc" sandbox="allow-same-origin allow-scripts"></iframe>')
    expect(embed).toContain('sandbox="allow-scripts allow-presentation allow-popups"')
    expect(embed).not.toContain('allow-same-origin')
    expect(sanitizeNewsHtml('<img src="http://insecure.example/a.png">')).toBe('')
  })
})

describe('slugs, embeds and the editor form', () => {
  it('makes slugs from titles', () => {
    expect(slugify('Café Nights: Live!')).toBe('cafe-nights-live')
    expect(slugify('  --  ')).toBe('')
    expect(slugify('x'.repeat(200))).toHaveLength(80)
  })

  it('turns video and music links into player addresses, and nothing else', () => {
    expect(embedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')
    expect(embedUrl('https://youtu.be/dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')
    expect(embedUrl('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871')
    expect(embedUrl('https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC')).toBe('https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC')
    expect(embedUrl('https://evil.example/watch?v=x')).toBeNull()
    expect(embedUrl('javascript:alert(1)')).toBeNull()
  })

  it('knows unsaved changes, and says what saving will do', () => {
    expect(isDirty({ ...EMPTY_POST, content: '<p></p>' }, EMPTY_POST)).toBe(false)
    expect(isDirty({ ...EMPTY_POST, title: 'x' }, EMPTY_POST)).toBe(true)
    const now = new Date('2026-03-01T10:00:00Z')
    expect(saveLabel(EMPTY_POST, now)).toBe('Save draft')
    expect(saveLabel({ ...EMPTY_POST, status: 'published' }, now)).toBe('Publish')
    expect(saveLabel({ ...EMPTY_POST, status: 'published', publishAt: toLocalInput('2026-03-01T10:05:00Z') }, now)).toBe('Schedule')
    expect(fromLocalInput(toLocalInput('2026-03-01T10:05:00Z'))).toBe('2026-03-01T10:05:00.000Z')
  })
})
