import { generateKeyPair } from 'node:crypto'
import { promisify } from 'node:util'
import type { z } from 'zod'
import { DEFAULT_SMTP_PORT, type siteEndpoints, type smtpInput } from '@contract/site'
import type { Config } from '@server/config'
import type { AuthedContext, Services } from '@server/context'
import type { Queryable } from '@server/db/engine'
import { audit, actorOf, auditedMutation } from '@server/audit'
import { HttpError, badRequest, fieldError } from '@server/errors'
import { DnsUnavailableError, type DnsAnswer, type DnsRecordType } from '@server/dns/resolver'
import { sendWithSmtp, type SmtpEncryption, type SmtpSettings } from '@server/mail/mailer'
import { requireAdmin } from './access'
import * as repo from './repository'

type Body<K extends keyof typeof siteEndpoints> = (typeof siteEndpoints)[K] extends { body: infer B extends z.ZodType }
  ? z.output<B>
  : never
type SmtpInput = z.output<typeof smtpInput>

const generateKeyPairAsync = promisify(generateKeyPair)

/** Each secret is sealed to its workspace and column (see SecretBox). */
const smtpPasswordContext = (tenantId: number) => `tenant:${tenantId}:smtp-password`
const dkimKeyContext = (tenantId: number) => `tenant:${tenantId}:dkim-private-key`

const MANAGE_MAIL = 'see or change how the workspace sends mail'

// ---------------------------------------------------------------------------------------------
// The platform's own mail setup, as the default option presents it

/** The domain of MAIL_FROM: where the platform's mail servers (SPF, return path, inbound) live. */
export function platformMailDomain(config: Pick<Config, 'mailFrom'>): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(config.mailFrom.trim())
  return (match?.[1] ?? 'localhost').toLowerCase()
}

/**
 * What "Use Default SMTP" sends through: the platform's SMTP_URL. Without one the platform keeps
 * mail in its outbox; the values then name that, so the completeness rule reads the same either way.
 */
export function platformSmtp(config: Pick<Config, 'smtpUrl' | 'mailFrom'>): {
  host: string
  port: number
  encryption: SmtpEncryption
  username: string
} {
  if (!config.smtpUrl) return { host: 'outbox', port: DEFAULT_SMTP_PORT, encryption: 'none', username: 'outbox' }
  const url = new URL(config.smtpUrl)
  const ssl = url.protocol === 'smtps:'
  const address = /<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom.trim()
  return {
    host: url.hostname,
    port: Number(url.port) || (ssl ? 465 : DEFAULT_SMTP_PORT),
    encryption: ssl ? 'ssl' : 'starttls',
    username: decodeURIComponent(url.username) || address,
  }
}

// ---------------------------------------------------------------------------------------------
// Views

export function toDnsRecord(row: repo.DnsRow) {
  return {
    id: row.id,
    record_type: row.recordType,
    name: row.name,
    value: row.value,
    priority: row.priority,
    is_active: row.isActive,
    valid: row.valid,
    last_checked_at: row.lastCheckedAt,
  }
}

function recordSet(mail: repo.MailRow | null, rows: repo.DnsRow[]) {
  return {
    domain: mail?.sendingDomain ?? null,
    sending: rows.filter((row) => row.kind === 'sending').map(toDnsRecord),
    receiving: rows.filter((row) => row.kind === 'receiving').map(toDnsRecord),
  }
}

/** The wizard's rule: own server with host, port, encryption and username; the default once sending records exist. */
export function mailComplete(mail: repo.MailRow | null, rows: readonly repo.DnsRow[]): boolean {
  if (mail?.type === 'smtp') return Boolean(mail.smtpHost && mail.smtpPort && mail.smtpEncryption && mail.smtpUsername)
  return rows.some((row) => row.kind === 'sending')
}

/** The mail step's `config`: the own server's values, or the platform's once the default option can send. */
export function mailConfig(config: Config, mail: repo.MailRow | null, rows: readonly repo.DnsRow[]) {
  if (mail?.type === 'smtp') {
    return {
      type: 'smtp' as const,
      config:
        mail.smtpHost && mail.smtpPort && mail.smtpEncryption && mail.smtpUsername
          ? { host: mail.smtpHost, port: mail.smtpPort, encryption: mail.smtpEncryption, username: mail.smtpUsername }
          : null,
    }
  }
  return { type: 'default' as const, config: mailComplete(mail, rows) ? platformSmtp(config) : null }
}

/** The domain the default SMTP would send from: the workspace's own, or its address under BASE_DOMAIN. */
function suggestedDomain(ctx: AuthedContext, mail: repo.MailRow | null, supportEmail: string | null): string | null {
  if (mail?.sendingDomain) return mail.sendingDomain
  const { config } = ctx.services
  if (config.baseDomain) return `${ctx.tenant.slug}.${config.baseDomain}`
  return supportEmail?.split('@')[1] ?? null
}

async function mailView(ctx: AuthedContext, db: Queryable = ctx.services.db) {
  // One after another: `db` may be a transaction, whose single connection takes one query at a time.
  const mail = await repo.findMail(db, ctx.tenant.id)
  const rows = await repo.listDnsRecords(db, ctx.tenant.id)
  const settings = await repo.findSettings(db, ctx.tenant.id)
  return {
    type: mail?.type ?? ('default' as const),
    smtp: mail?.smtpHost
      ? {
          host: mail.smtpHost,
          port: mail.smtpPort ?? DEFAULT_SMTP_PORT,
          encryption: mail.smtpEncryption ?? 'starttls',
          username: mail.smtpUsername ?? '',
          passwordSet: Boolean(mail.smtpPasswordEncrypted),
          from: { name: mail.fromName ?? '', address: mail.fromAddress ?? '' },
          replyTo: { name: mail.replyToName ?? '', address: mail.replyToAddress ?? '' },
        }
      : null,
    suggestedDomain: suggestedDomain(ctx, mail, settings?.supportEmail ?? null),
    dnsRecords: recordSet(mail, rows),
    complete: mailComplete(mail, rows),
  }
}

export async function getMail(ctx: AuthedContext) {
  requireAdmin(ctx, MANAGE_MAIL)
  return mailView(ctx)
}

// ---------------------------------------------------------------------------------------------
// Choosing and saving

/** What is kept for audit: never the password, only whether it changed. */
function mailAudit(row: repo.MailRow | null, passwordChanged = false) {
  return (
    row && {
      type: row.type,
      host: row.smtpHost,
      port: row.smtpPort,
      encryption: row.smtpEncryption,
      username: row.smtpUsername,
      from: row.fromAddress,
      replyTo: row.replyToAddress,
      ...(passwordChanged ? { passwordChanged } : {}),
    }
  )
}

async function storeSmtp(ctx: AuthedContext, tx: Queryable, input: SmtpInput, before: repo.MailRow | null): Promise<repo.MailRow> {
  const { services, tenant } = ctx
  const password = input.password ? services.secrets.encrypt(input.password, smtpPasswordContext(tenant.id)) : undefined
  if (!password && !before?.smtpPasswordEncrypted) throw fieldError('password', 'Password is required')
  return repo.upsertMail(
    tx,
    tenant.id,
    {
      type: 'smtp',
      smtpHost: input.host,
      smtpPort: input.port,
      smtpEncryption: input.encryption,
      smtpUsername: input.username,
      ...(password ? { smtpPasswordEncrypted: password } : {}),
      fromName: input.from.name || null,
      fromAddress: input.from.address,
      replyToName: input.replyTo?.name || null,
      replyToAddress: input.replyTo?.address || null,
    },
    services.now(),
  )
}

export async function saveSmtp(ctx: AuthedContext, input: SmtpInput) {
  requireAdmin(ctx, MANAGE_MAIL)
  return auditedMutation(ctx, { action: 'site.smtp_saved', entityType: 'mail_settings', entityId: ctx.tenant.id }, async (tx) => {
    const before = await repo.findMail(tx, ctx.tenant.id)
    const after = await storeSmtp(ctx, tx, input, before)
    return { result: await mailView(ctx, tx), before: mailAudit(before), after: mailAudit(after, Boolean(input.password)) }
  })
}

export async function saveMail(ctx: AuthedContext, body: Body<'site.saveMail'>) {
  requireAdmin(ctx, MANAGE_MAIL)
  if (body.type === 'smtp') return saveSmtp(ctx, body.smtp)
  return auditedMutation(ctx, { action: 'site.mail_type_saved', entityType: 'mail_settings', entityId: ctx.tenant.id }, async (tx) => {
    const before = await repo.findMail(tx, ctx.tenant.id)
    const rows = await repo.listDnsRecords(tx, ctx.tenant.id)
    if (!rows.some((row) => row.kind === 'sending')) throw badRequest('Generate the DNS records before choosing the default SMTP.')
    const after = await repo.upsertMail(tx, ctx.tenant.id, { type: 'default' }, ctx.services.now())
    return { result: await mailView(ctx, tx), before: mailAudit(before), after: mailAudit(after) }
  })
}

/** A workspace's own server as the mailer needs it, password decrypted; null when it sends through the platform. */
export async function workspaceSmtp(services: Services, tenantId: number): Promise<SmtpSettings | null> {
  const mail = await repo.findMail(services.db, tenantId)
  if (mail?.type !== 'smtp' || !mail.smtpHost || !mail.smtpPort || !mail.fromAddress) return null
  return {
    host: mail.smtpHost,
    port: mail.smtpPort,
    encryption: mail.smtpEncryption ?? 'starttls',
    username: mail.smtpUsername,
    password: mail.smtpPasswordEncrypted ? services.secrets.decrypt(mail.smtpPasswordEncrypted, smtpPasswordContext(tenantId)) : null,
    from: { name: mail.fromName ?? '', address: mail.fromAddress },
    replyTo: mail.replyToAddress ? { name: mail.replyToName ?? '', address: mail.replyToAddress } : null,
  }
}

/** What went wrong, as the SMTP server put it when it answered at all. */
function smtpFailure(error: unknown): string {
  const failure = error as { response?: string; code?: string; message?: string }
  if (failure.response) return `The SMTP server answered: ${failure.response}`
  const reason = failure.message ?? String(error)
  return `Could not send through the SMTP server: ${reason}`
}

export async function testSmtp(ctx: AuthedContext, body: Body<'site.testSmtp'>) {
  requireAdmin(ctx, MANAGE_MAIL)
  const { services, tenant, session } = ctx
  let settings: SmtpSettings
  if (body.smtp) {
    const stored = await repo.findMail(services.db, tenant.id)
    const password =
      body.smtp.password ||
      (stored?.smtpPasswordEncrypted ? services.secrets.decrypt(stored.smtpPasswordEncrypted, smtpPasswordContext(tenant.id)) : null)
    settings = {
      host: body.smtp.host,
      port: body.smtp.port,
      encryption: body.smtp.encryption,
      username: body.smtp.username,
      password,
      from: body.smtp.from,
      replyTo: body.smtp.replyTo?.address ? body.smtp.replyTo : null,
    }
  } else {
    const saved = await workspaceSmtp(services, tenant.id)
    if (!saved) throw badRequest('Save your SMTP server first, or send its settings with the test.')
    settings = saved
  }
  const to = body.to ?? session.account.email
  let result: { messageId: string; response: string }
  try {
    result = await sendWithSmtp(settings, {
      to,
      subject: `Test email from ${tenant.name}`,
      text: `This is a test email from ${tenant.name}, sent through ${settings.host}:${settings.port}. Your SMTP settings work.`,
    })
  } catch (error) {
    throw new HttpError(422, smtpFailure(error), 'smtp_failed')
  }
  // audit() stays: a test email sent changes nothing in the database.
  await audit(services.db, actorOf(ctx), {
    action: 'site.smtp_tested',
    entityType: 'mail_settings',
    entityId: tenant.id,
    after: { host: settings.host, port: settings.port, to },
  })
  return { ok: true as const, message: `Test email sent to ${to}.`, to, response: result.response }
}

// ---------------------------------------------------------------------------------------------
// The default SMTP's DNS records

export async function getDnsRecords(ctx: AuthedContext) {
  requireAdmin(ctx, MANAGE_MAIL)
  const { db } = ctx.services
  const [mail, rows] = await Promise.all([repo.findMail(db, ctx.tenant.id), repo.listDnsRecords(db, ctx.tenant.id)])
  return recordSet(mail, rows)
}

/** Lets the platform's servers send for the workspace's domain. */
function spfValue(platform: string): string {
  return `v=spf1 include:_spf.${platform} ~all`
}

export async function generateDns(ctx: AuthedContext, body: Body<'site.generateDns'>) {
  requireAdmin(ctx, MANAGE_MAIL)
  const { services, tenant } = ctx
  const current = await repo.findMail(services.db, tenant.id)
  const settings = await repo.findSettings(services.db, tenant.id)
  const domain = body.domain ?? suggestedDomain(ctx, current, settings?.supportEmail ?? null)
  if (!domain) throw fieldError('domain', 'Enter the domain your workspace sends mail from.')
  const platform = platformMailDomain(services.config)
  const now = services.now()
  // A new key each time: generating again replaces the records, so the old selector goes with them.
  const selector = `wl${now.toISOString().slice(0, 10).replace(/-/g, '')}${now.getUTCHours().toString().padStart(2, '0')}`
  const { publicKey, privateKey } = await generateKeyPairAsync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  })
  return auditedMutation(ctx, { action: 'site.dns_generated', entityType: 'dns_records', entityId: tenant.id }, async (tx) => {
    const before = await repo.listDnsRecords(tx, tenant.id)
    await repo.upsertMail(
      tx,
      tenant.id,
      {
        sendingDomain: domain,
        dkimSelector: selector,
        dkimPrivateKeyEncrypted: services.secrets.encrypt(privateKey, dkimKeyContext(tenant.id)),
      },
      now,
    )
    const rows = await repo.replaceDnsRecords(tx, tenant.id, [
      { kind: 'sending', recordType: 'TXT', name: domain, value: spfValue(platform) },
      {
        kind: 'sending',
        recordType: 'TXT',
        name: `${selector}._domainkey.${domain}`,
        value: `v=DKIM1; k=rsa; p=${publicKey.toString('base64')}`,
      },
      { kind: 'sending', recordType: 'CNAME', name: `bounces.${domain}`, value: `bounces.${platform}` },
      { kind: 'receiving', recordType: 'MX', name: domain, value: `inbound.${platform}`, priority: 10 },
    ])
    return {
      result: recordSet(await repo.findMail(tx, tenant.id), rows),
      before: before.map((row) => ({ type: row.recordType, name: row.name })),
      after: rows.map((row) => ({ type: row.recordType, name: row.name, value: row.value, priority: row.priority })),
    }
  })
}

/** "k=rsa; p=ABC" -> { k: 'rsa', p: 'ABC' }, whitespace ignored (DNS consoles often add it). */
function tags(value: string): Map<string, string> {
  const result = new Map<string, string>()
  for (const part of value.split(';')) {
    const [key, ...rest] = part.split('=')
    if (key?.trim()) result.set(key.trim().toLowerCase(), rest.join('=').replace(/\s+/g, ''))
  }
  return result
}

/**
 * Whether what DNS answered publishes the record (`isActive`) and says what it must (`valid`).
 * SPF may carry the workspace's other senders too, so it needs only our include; DKIM needs our key.
 */
export function checkRecord(
  record: Pick<repo.DnsRow, 'recordType' | 'value' | 'priority'>,
  answer: DnsAnswer,
): { isActive: boolean; valid: boolean } {
  if (answer.type === 'MX') {
    const expected = record.value.toLowerCase()
    return { isActive: answer.found, valid: answer.values.some((mx) => mx.exchange === expected && mx.priority === record.priority) }
  }
  if (answer.type === 'CNAME') return { isActive: answer.found, valid: answer.values.includes(record.value.toLowerCase()) }
  if (/^v=spf1\b/i.test(record.value)) {
    const include = /include:\S+/i.exec(record.value)?.[0].toLowerCase() ?? ''
    const spf = answer.values.filter((value) => /^v=spf1\b/i.test(value.trim()))
    return { isActive: spf.length > 0, valid: spf.some((value) => value.toLowerCase().split(/\s+/).includes(include)) }
  }
  const expected = tags(record.value)
  const published = answer.values.filter((value) => /v=dkim1/i.test(value) || tags(value).has('p'))
  return {
    isActive: published.length > 0,
    valid: published.some((value) => {
      const found = tags(value)
      return [...expected].every(([key, wanted]) => found.get(key) === wanted)
    }),
  }
}

export async function verifyDns(ctx: AuthedContext) {
  requireAdmin(ctx, MANAGE_MAIL)
  const { services, tenant } = ctx
  const rows = await repo.listDnsRecords(services.db, tenant.id)
  if (rows.length === 0) throw badRequest('Generate the DNS records first.')
  const results = new Map<number, { isActive: boolean; valid: boolean }>()
  try {
    // Asked outside the transaction: a slow resolver must not hold a database connection.
    for (const row of rows) results.set(row.id, checkRecord(row, await services.dns.lookup(row.recordType as DnsRecordType, row.name)))
  } catch (error) {
    if (error instanceof DnsUnavailableError) throw new HttpError(503, `${error.message} Try again in a moment.`, 'dns_unavailable')
    throw error
  }
  return auditedMutation(ctx, { action: 'site.dns_verified', entityType: 'dns_records', entityId: tenant.id }, async (tx) => {
    const at = services.now()
    for (const row of rows) await repo.recordDnsCheck(tx, tenant.id, row.id, results.get(row.id)!, at)
    const after = await repo.listDnsRecords(tx, tenant.id)
    return {
      result: recordSet(await repo.findMail(tx, tenant.id), after),
      before: rows.map((row) => ({ name: row.name, type: row.recordType, isActive: row.isActive, valid: row.valid })),
      after: after.map((row) => ({ name: row.name, type: row.recordType, isActive: row.isActive, valid: row.valid })),
    }
  })
}

export async function dnsStatus(ctx: AuthedContext) {
  requireAdmin(ctx, MANAGE_MAIL)
  const { db } = ctx.services
  const [mail, rows] = await Promise.all([repo.findMail(db, ctx.tenant.id), repo.listDnsRecords(db, ctx.tenant.id)])
  const count = (kind: 'sending' | 'receiving') => {
    const ofKind = rows.filter((row) => row.kind === kind)
    return { total: ofKind.length, verified: ofKind.filter((row) => row.isActive && row.valid).length }
  }
  const sending = count('sending')
  const receiving = count('receiving')
  const checked = rows.map((row) => row.lastCheckedAt?.getTime() ?? 0)
  return {
    type: mail?.type ?? ('default' as const),
    domain: mail?.sendingDomain ?? null,
    sending,
    receiving,
    verified: rows.length > 0 && sending.verified === sending.total && receiving.verified === receiving.total,
    lastCheckedAt: checked.length && Math.min(...checked) > 0 ? new Date(Math.min(...checked)) : null,
  }
}
