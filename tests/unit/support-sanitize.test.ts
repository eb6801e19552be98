import { describe, expect, it } from 'vitest'
import { Window } from 'happy-dom'
import { commentBodies, htmlFromPlain, plainFromHtml, sanitizeCommentHtml } from '../../src/domains/support/server/sanitize'

/** Classic XSS vectors (OWASP filter-evasion cheat sheet and friends): none may survive the sanitiser. */
const CORPUS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//xss.test/xss.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<img src="https://tracker.test/pixel.gif">',
  '<img src="//tracker.test/pixel.gif">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href="jav&#x09;ascript:alert(1)">click</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">click</a>',
  '<a href=" javascript:alert(1)">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="data:text/html,<script>alert(1)</script>">click</a>',
  '<iframe src="https://evil.test"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<body onload=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<div style="position:fixed;top:0;left:0;width:100%;height:100%">overlay</div>',
  '<style>@import "https://evil.test/x.css";</style>',
  '<link rel="stylesheet" href="https://evil.test/x.css">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="https://evil.test/">',
  '<p onmouseover="alert(1)">hover</p>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror=alert(1)>',
  '<marquee onstart=alert(1)>',
  '<table background="javascript:alert(1)">',
  '<a href="#" id="x" class="y" style="color:red" data-x="1" formaction="javascript:alert(1)">a</a>',
  '"><script>alert(1)</script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '<textarea><script>alert(1)</script></textarea>',
]

/** Every element and attribute of the sanitised HTML, as a browser engine parses it. */
function parse(html: string) {
  const window = new Window()
  const doc = window.document
  doc.body.innerHTML = html
  return [...doc.body.querySelectorAll('*')].map((element) => ({
    tag: element.tagName.toLowerCase(),
    attributes: [...element.attributes].map((attribute) => [attribute.name.toLowerCase(), attribute.value] as const),
  }))
}

const SAFE_TAGS = new Set([
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
])

describe('comment HTML sanitiser', () => {
  it.each(CORPUS)('leaves nothing that runs or fetches: %s', (dirty) => {
    const clean = sanitizeCommentHtml(dirty)
    for (const element of parse(clean)) {
      expect(SAFE_TAGS.has(element.tag), `${element.tag} in ${clean}`).toBe(true)
      for (const [name, value] of element.attributes) {
        expect(name.startsWith('on'), `${name} in ${clean}`).toBe(false)
        expect(['style', 'class', 'id', 'srcdoc', 'formaction', 'background'].includes(name), `${name} in ${clean}`).toBe(false)
        // Relative links stay on this site; a protocol-relative one (//host) would not.
        if (name === 'href') expect(value, clean).toMatch(/^(https?:|mailto:|#|\/(?!\/))/i)
        if (name === 'src') expect(value, clean).toMatch(/^\/api\/files\/\d+$/)
      }
    }
    expect(clean).not.toMatch(/javascript:|vbscript:|<script|alert\(1\)<\/script/i)
  })

  it('keeps ordinary formatting, safe links (opened without opener) and images of the own file store', () => {
    expect(
      sanitizeCommentHtml('<p>Hi <strong>Nina</strong>,<br>see <a href="https://help.test/guide" title="Guide">the guide</a>.</p>'),
    ).toBe(
      '<p>Hi <strong>Nina</strong>,<br />see <a href="https://help.test/guide" title="Guide" rel="noopener noreferrer nofollow" target="_blank">the guide</a>.</p>',
    )
    expect(sanitizeCommentHtml('<ul><li>one</li><li>two</li></ul><img src="/api/files/12" alt="shot">')).toBe(
      '<ul><li>one</li><li>two</li></ul><img src="/api/files/12" alt="shot" />',
    )
    expect(sanitizeCommentHtml('<a href="mailto:help@demo.test">mail us</a>')).toContain('href="mailto:help@demo.test"')
  })

  it('derives the plain body: line breaks for blocks, entities decoded, scripts not shown as text', () => {
    expect(plainFromHtml(sanitizeCommentHtml('<p>Tom &amp; Jerry &lt;3</p><p>Line<br>two</p><script>var secret = 1</script>'))).toBe(
      'Tom & Jerry <3\nLine\ntwo',
    )
    expect(commentBodies('<ul><li>a</li><li>b</li></ul>')).toEqual({ html: '<ul><li>a</li><li>b</li></ul>', plain: 'a\nb' })
  })

  it('turns plain text (a mail without HTML) into escaped paragraphs', () => {
    expect(htmlFromPlain('Hi <b>\n\nsecond & last\nline')).toBe('<p>Hi &#60;b&#62;</p><p>second &#38; last<br />line</p>')
    expect(plainFromHtml(htmlFromPlain('a < b'))).toBe('a < b')
  })
})
