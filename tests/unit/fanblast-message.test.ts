import { describe, expect, it } from 'vitest'
import { simpleParser } from 'mailparser'
import { blastTemplate, isSafeAddress } from '../../src/domains/fanblast/server/message'

// A blast's message is built once and filled per copy (server/message.ts): every copy must still be a
// well-formed MIME message a mail client reads, with its own address, id and unsubscribe link.

const template = blastTemplate({
  fromName: 'Növa & Friends',
  fromAddress: 'news@acme.test',
  subject: 'Message from Növa: the single',
  html: '<h2>New single</h2><p>Out <strong>Friday</strong>.</p>',
  text: 'New single\n\nOut Friday.',
})

describe('blast message template', () => {
  it('fills a copy that parses with its own recipient, id, date, headers and unsubscribe link in both parts', async () => {
    const raw = template.fill({
      to: 'ann@fans.test',
      messageId: '<blast-1.7.root@acme>',
      unsubscribeUrl: 'http://acme.wl.test/u/1.7.mac',
      date: new Date('2026-11-26T12:00:00Z'),
    })
    expect(raw.toString('latin1')).not.toMatch(/[^\r]\n/)
    const parsed = await simpleParser(raw)
    expect(parsed.subject).toBe('Message from Növa: the single')
    expect(parsed.from?.value[0]).toEqual({ name: 'Növa & Friends', address: 'news@acme.test' })
    expect((parsed.to as { value: { address: string }[] }).value[0].address).toBe('ann@fans.test')
    expect(parsed.messageId).toBe('<blast-1.7.root@acme>')
    expect(parsed.date?.toISOString()).toBe('2026-11-26T12:00:00.000Z')
    const line = (key: string) => parsed.headerLines.find((header) => header.key === key)?.line
    expect(line('list-unsubscribe')).toBe('List-Unsubscribe: <http://acme.wl.test/u/1.7.mac>')
    expect(line('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click')
    expect(parsed.headers.get('precedence')).toBe('bulk')
    expect(parsed.text).toContain('Out Friday.')
    expect(parsed.text).toContain('Unsubscribe: http://acme.wl.test/u/1.7.mac')
    expect(parsed.html).toContain('<strong>Friday</strong>')
    expect(parsed.html).toContain('<a href="http://acme.wl.test/u/1.7.mac">Unsubscribe</a>')
    expect(parsed.html).toContain('news from Növa &#38; Friends')

    const other = await simpleParser(template.fill({ to: 'bob@fans.test', messageId: '<blast-1.8.root@acme>', unsubscribeUrl: 'http://acme.wl.test/u/1.8.mac' }))
    expect((other.to as { value: { address: string }[] }).value[0].address).toBe('bob@fans.test')
    expect(other.text).toContain('/u/1.8.mac')
    expect(other.text).not.toContain('/u/1.7.mac')
  })

  it('never lets a value break out of its header', async () => {
    const sneaky = blastTemplate({ fromName: 'Evil\r\nBcc: x@evil.test', fromAddress: 'news@acme.test', subject: 'Hi\r\nBcc: y@evil.test', html: '<p>x</p>', text: 'x' })
    const parsed = await simpleParser(sneaky.fill({ to: 'ann@fans.test', messageId: '<a@b>', unsubscribeUrl: 'http://acme.wl.test/u/1' }))
    expect(parsed.bcc).toBeUndefined()
    expect(parsed.headers.has('bcc')).toBe(false)
    expect(() => sneaky.fill({ to: 'ann@fans.test>\r\nBcc: z@evil.test', messageId: '<a@b>', unsubscribeUrl: 'x' })).toThrow()
    expect(isSafeAddress('ann@fans.test')).toBe(true)
    for (const bad of ['ann@fans.test\r\n', 'a b@c.test', '<a@b.test>', 'no-at-sign', 'a@b@c']) expect(isSafeAddress(bad)).toBe(false)
  })
})
