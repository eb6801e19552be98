import { z } from 'zod'
import { DEFAULT_SMTP_PORT, type MailSettings, type SmtpInput } from '@contract/site'

/** The mail form as typed: the port is text until it is sent. */
export interface SmtpDraft {
  host: string
  port: string
  encryption: 'starttls' | 'none' | 'ssl'
  username: string
  password: string
  fromName: string
  fromAddress: string
  replyToName: string
  replyToAddress: string
}

export interface MailDraft {
  type: 'default' | 'smtp'
  smtp: SmtpDraft
  /** The domain the default SMTP's records are generated for. */
  domain: string
}

export const MAIL_OPTIONS = [
  { value: 'default', label: 'Use Default SMTP' },
  { value: 'smtp', label: 'Use your own SMTP Server' },
] as const

export const DNS_WARNING = 'Emails will not be delivered if the DNS records are not configured correctly and verified.'

/** What the form starts from: the saved settings, or the defaults (default SMTP; port 587, STARTTLS). */
export function draftFrom(mail: MailSettings | null): MailDraft {
  const smtp = mail?.smtp
  return {
    type: mail?.type ?? 'default',
    domain: mail?.dnsRecords.domain ?? mail?.suggestedDomain ?? '',
    smtp: {
      host: smtp?.host ?? '',
      port: String(smtp?.port ?? DEFAULT_SMTP_PORT),
      encryption: smtp?.encryption ?? 'starttls',
      username: smtp?.username ?? '',
      password: '',
      fromName: smtp?.from.name ?? '',
      fromAddress: smtp?.from.address ?? '',
      replyToName: smtp?.replyTo.name ?? '',
      replyToAddress: smtp?.replyTo.address ?? '',
    },
  }
}

/** The port is converted to a number; an empty password keeps the saved one. */
export function toSmtpInput(draft: SmtpDraft): SmtpInput {
  return {
    host: draft.host.trim(),
    port: Number(draft.port),
    encryption: draft.encryption,
    username: draft.username.trim(),
    ...(draft.password ? { password: draft.password } : {}),
    from: { name: draft.fromName.trim(), address: draft.fromAddress.trim() },
    replyTo: { name: draft.replyToName.trim(), address: draft.replyToAddress.trim() },
  }
}

const looksLikeEmail = (value: string) => z.email().safeParse(value.trim()).success

/** What the form checks before sending, by field (the server checks again). */
export function smtpProblems(draft: SmtpDraft, passwordSet: boolean): Partial<Record<keyof SmtpDraft, string>> {
  const problems: Partial<Record<keyof SmtpDraft, string>> = {}
  if (!draft.host.trim()) problems.host = 'Host is required'
  const port = Number(draft.port)
  if (!draft.port.trim() || !Number.isInteger(port)) problems.port = 'Port must be a number'
  else if (port < 1 || port > 65535) problems.port = 'Port must be between 1 and 65535'
  if (!draft.username.trim()) problems.username = 'Username is required'
  if (!draft.password && !passwordSet) problems.password = 'Password is required'
  if (!draft.fromAddress.trim()) problems.fromAddress = 'Email is required'
  else if (!looksLikeEmail(draft.fromAddress)) problems.fromAddress = 'Email must be valid'
  if (draft.replyToAddress.trim() && !looksLikeEmail(draft.replyToAddress)) problems.replyToAddress = 'Email must be valid'
  return problems
}

/** Server field names ("from.address") onto the draft's. */
export function draftErrors(errors: Record<string, string>): Partial<Record<keyof SmtpDraft, string>> {
  const names: Record<string, keyof SmtpDraft> = {
    host: 'host',
    port: 'port',
    encryption: 'encryption',
    username: 'username',
    password: 'password',
    'from.name': 'fromName',
    'from.address': 'fromAddress',
    'replyTo.name': 'replyToName',
    'replyTo.address': 'replyToAddress',
  }
  const result: Partial<Record<keyof SmtpDraft, string>> = {}
  for (const [key, message] of Object.entries(errors)) {
    const name = names[key.replace(/^smtp\./, '')]
    if (name) result[name] ??= message
  }
  return result
}

/** A record is verified only when it is published (active) and right (valid). */
export function recordVerified(record: { is_active: boolean; valid: boolean }): boolean {
  return record.is_active && record.valid
}
