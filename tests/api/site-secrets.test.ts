import { describe, expect, it } from 'vitest'
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { SecretBox } from '../../src/server/crypto'
import { APP_SECRET_FILE, loadConfig, resolveAppSecret } from '../../src/server/config'
import { checkRecord, platformMailDomain, platformSmtp } from '../../src/domains/site-setup/server/mail.service'

const KEY = 'k'.repeat(40)

describe('secrets at rest', () => {
  it('round-trip, with a fresh nonce each time', () => {
    const box = new SecretBox(KEY)
    const first = box.encrypt('hunter2', 'tenant:1:smtp-password')
    const second = box.encrypt('hunter2', 'tenant:1:smtp-password')
    expect(first).not.toBe(second)
    expect(first).not.toContain('hunter2')
    expect(box.decrypt(first, 'tenant:1:smtp-password')).toBe('hunter2')
  })

  it('refuse another context, another key or a changed byte', () => {
    const box = new SecretBox(KEY)
    const sealed = box.encrypt('hunter2', 'tenant:1:smtp-password')
    expect(() => box.decrypt(sealed, 'tenant:2:smtp-password')).toThrow()
    expect(() => new SecretBox('x'.repeat(40)).decrypt(sealed, 'tenant:1:smtp-password')).toThrow()
    const [version, iv, tag, data] = sealed.split('.')
    const flipped = Buffer.from(data, 'base64url')
    flipped[0] ^= 1
    expect(() => box.decrypt([version, iv, tag, flipped.toString('base64url')].join('.'), 'tenant:1:smtp-password')).toThrow()
    expect(() => box.decrypt('plain text', 'tenant:1:smtp-password')).toThrow('Not an encrypted value of this application')
  })
})

describe('APP_SECRET', () => {
  it('is generated once outside production and kept in DATA_DIR/app-secret, readable by the owner only', () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'wl-secret-')), 'data')
    const config = loadConfig({ DATA_DIR: dataDir })
    const first = resolveAppSecret(config)
    expect(first.length).toBeGreaterThanOrEqual(32)
    const file = path.join(dataDir, APP_SECRET_FILE)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(readFileSync(file, 'utf8').trim()).toBe(first)
    // After a restart the same key opens what was sealed before.
    const sealed = new SecretBox(first).encrypt('smtp password', 'tenant:1:smtp-password')
    const again = resolveAppSecret(loadConfig({ DATA_DIR: dataDir }))
    expect(new SecretBox(again).decrypt(sealed, 'tenant:1:smtp-password')).toBe('smtp password')
  })

  it('comes from the environment when set, is required in production and must be long enough', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wl-secret-'))
    expect(resolveAppSecret(loadConfig({ DATA_DIR: dataDir, APP_SECRET: KEY }))).toBe(KEY)
    expect(() => resolveAppSecret(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' }))).toThrow(
      'APP_SECRET is required in production',
    )
    expect(() => loadConfig({ APP_SECRET: 'short' })).toThrow(/APP_SECRET must be at least 32 characters/)
    writeFileSync(path.join(dataDir, APP_SECRET_FILE), 'tiny')
    expect(() => resolveAppSecret(loadConfig({ DATA_DIR: dataDir }))).toThrow(/not a usable key/)
  })

  it('DNS_SERVERS lists the resolvers to ask', () => {
    expect(loadConfig({ DNS_SERVERS: ' 1.1.1.1, 127.0.0.1:5353 ,' }).dnsServers).toEqual(['1.1.1.1', '127.0.0.1:5353'])
    expect(loadConfig({}).dnsServers).toEqual([])
  })
})

describe('the platform’s mail, as the default option shows it', () => {
  it('comes from MAIL_FROM and SMTP_URL', () => {
    expect(platformMailDomain({ mailFrom: 'Platform <no-reply@Mail.Example.com>' })).toBe('mail.example.com')
    expect(platformSmtp({ smtpUrl: 'smtps://relay%40example.com:secret@smtp.example.com', mailFrom: 'x <a@b.c>' })).toEqual({
      host: 'smtp.example.com',
      port: 465,
      encryption: 'ssl',
      username: 'relay@example.com',
    })
    expect(platformSmtp({ smtpUrl: 'smtp://smtp.example.com:2525', mailFrom: 'Platform <no-reply@example.com>' })).toEqual({
      host: 'smtp.example.com',
      port: 2525,
      encryption: 'starttls',
      username: 'no-reply@example.com',
    })
  })
})

describe('DNS record checks', () => {
  const spf = { recordType: 'TXT', value: 'v=spf1 include:_spf.platform.test ~all', priority: null }
  const dkim = { recordType: 'TXT', value: 'v=DKIM1; k=rsa; p=ABC123', priority: null }

  it('accept an SPF record that includes the platform among others, and nothing else', () => {
    const answer = (values: string[]) => ({ type: 'TXT' as const, found: values.length > 0, values })
    expect(checkRecord(spf, answer(['v=spf1 include:_spf.other.test include:_SPF.platform.test -all']))).toEqual({
      isActive: true,
      valid: true,
    })
    expect(checkRecord(spf, answer(['v=spf1 include:_spf.other.test ~all']))).toEqual({ isActive: true, valid: false })
    expect(checkRecord(spf, answer(['site-verification=1']))).toEqual({ isActive: false, valid: false })
    expect(checkRecord(spf, answer([]))).toEqual({ isActive: false, valid: false })
  })

  it('accept a DKIM record with the same key whatever its spacing', () => {
    const answer = (values: string[]) => ({ type: 'TXT' as const, found: true, values })
    expect(checkRecord(dkim, answer(['v=DKIM1;k=rsa;  p=ABC 123']))).toEqual({ isActive: true, valid: true })
    expect(checkRecord(dkim, answer(['v=DKIM1; k=rsa; p=OTHER']))).toEqual({ isActive: true, valid: false })
  })

  it('compare CNAME targets and MX exchange with priority', () => {
    expect(
      checkRecord(
        { recordType: 'CNAME', value: 'bounces.platform.test', priority: null },
        { type: 'CNAME', found: true, values: ['bounces.platform.test'] },
      ),
    ).toEqual({
      isActive: true,
      valid: true,
    })
    const mx = { recordType: 'MX', value: 'inbound.platform.test', priority: 10 }
    expect(checkRecord(mx, { type: 'MX', found: true, values: [{ exchange: 'inbound.platform.test', priority: 10 }] }).valid).toBe(true)
    expect(checkRecord(mx, { type: 'MX', found: true, values: [{ exchange: 'inbound.platform.test', priority: 20 }] })).toEqual({
      isActive: true,
      valid: false,
    })
  })
})
