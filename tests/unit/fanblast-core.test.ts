import { describe, expect, it } from 'vitest'
import { BLAST_STATUSES, BLAST_TRANSITIONS, canMoveBlast, listSubject } from '../../src/core/fanblast'
import { blastText, hasText, sanitizeBlastHtml } from '../../src/domains/fanblast/server/sanitize'
import { DANGER, XSS } from '../helpers/xss-corpus'

describe('fan blast statuses', () => {
  it('moves a submitted blast to approved or rejected only, and an approved one only to sending', () => {
    expect(canMoveBlast('submitted', 'approved')).toBe(true)
    expect(canMoveBlast('submitted', 'rejected')).toBe(true)
    expect(canMoveBlast('submitted', 'sending')).toBe(false)
    expect(canMoveBlast('approved', 'rejected')).toBe(false)
    expect(canMoveBlast('approved', 'sending')).toBe(true)
    expect(canMoveBlast('sending', 'sent')).toBe(true)
    for (const final of ['rejected', 'sent', 'failed'] as const) expect(BLAST_TRANSITIONS[final]).toEqual([])
    for (const status of BLAST_STATUSES) for (const to of BLAST_TRANSITIONS[status]) expect(BLAST_STATUSES).toContain(to)
  })

  it('leaves out a leading "Message from" in lists, and nothing else', () => {
    expect(listSubject('Message from Nova: tour dates')).toBe('Nova: tour dates')
    expect(listSubject('message from  Nova')).toBe('Nova')
    expect(listSubject('New message from Nova')).toBe('New message from Nova')
    expect(listSubject('Message from')).toBe('Message from')
    expect(listSubject('Messages from the road')).toBe('Messages from the road')
  })
})

describe('the fan blast allow-list', () => {
  it.each(XSS)('leaves nothing that runs script: %s', (html) => {
    expect(sanitizeBlastHtml(html)).not.toMatch(DANGER)
  })

  it('keeps text formatting, lists, quotes, links and https images; drops frames, forms and local images', () => {
    expect(
      sanitizeBlastHtml(
        '<h2>Tour</h2><ul><li><strong>Berlin</strong></li></ul><blockquote>q</blockquote><a href="https://x.test">t</a><img src="https://x.test/a.png" alt="a"><img src="/api/files/1"><iframe src="https://www.youtube-nocookie.com/embed/abc"></iframe><form><input></form>',
      ),
    ).toBe(
      '<h2>Tour</h2><ul><li><strong>Berlin</strong></li></ul><blockquote>q</blockquote><a href="https://x.test" target="_blank" rel="noopener noreferrer nofollow">t</a><img src="https://x.test/a.png" alt="a" />',
    )
    expect(hasText(sanitizeBlastHtml('<p> </p><script>x</script>'))).toBe(false)
  })

  it('writes the plain-text part with links spelled out', () => {
    expect(blastText('<h2>Tour &amp; more</h2><p>See <a href="https://x.test">the dates</a></p><ul><li>Berlin</li><li>Paris</li></ul>')).toBe(
      'Tour & more\n\nSee the dates (https://x.test)\n\nBerlin\n\nParis',
    )
  })
})
