import nodemailer, { type Transporter } from 'nodemailer'
import { randomUUID } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parseConnectionUrl } from 'nodemailer/lib/shared'
import type { Queryable } from '../db/engine'
import { RawSmtpPool, type RawPoolOptions } from './raw-pool'
import type { JobRunner } from '../jobs/runner'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
  replyTo?: string
  /** The workspace the message is sent for: its own SMTP server carries it when it has one. */
  tenantId?: number | null
  /** Threading headers (support replies): a reply to this message finds its conversation by them. */
  messageId?: string
  inReplyTo?: string
  references?: string[]
  /** Extra headers, e.g. Auto-Submitted on an auto-reply so the other side does not answer it. */
  headers?: Record<string, string>
  /** Files sent along (a support reply's attachment), base64 so the queued job's payload stays JSON. */
  attachments?: { filename: string; content: string; encoding: 'base64'; contentType?: string }[]
}

export type SmtpEncryption = 'starttls' | 'none' | 'ssl'

/** A workspace's own SMTP server, the password already decrypted. */
export interface SmtpSettings {
  host: string
  port: number
  encryption: SmtpEncryption
  username: string | null
  password: string | null
  from: { name: string; address: string }
  replyTo: { name: string; address: string } | null
}

/** How the mailer finds a workspace's own SMTP server; null sends through the platform's. */
export type WorkspaceSmtpLookup = (tenantId: number) => Promise<SmtpSettings | null>

/**
 * STARTTLS is required when chosen (a server that does not offer it is refused, never silently
 * plain), SSL/TLS connects encrypted from the start, None never upgrades. Certificates are verified.
 */
export function createSmtpTransport(settings: SmtpSettings): Transporter {
  return nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.encryption === 'ssl',
    requireTLS: settings.encryption === 'starttls',
    ignoreTLS: settings.encryption === 'none',
    auth: settings.username ? { user: settings.username, pass: settings.password ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  })
}

/** Sends one message through the given server and answers what the server said. */
export async function sendWithSmtp(
  settings: SmtpSettings,
  message: Omit<MailMessage, 'tenantId'>,
): Promise<{ messageId: string; response: string }> {
  const transport = createSmtpTransport(settings)
  try {
    const info = await transport.sendMail({
      ...message,
      from: { name: settings.from.name, address: settings.from.address },
      replyTo:
        message.replyTo ?? (settings.replyTo?.address ? { name: settings.replyTo.name, address: settings.replyTo.address } : undefined),
    })
    return { messageId: info.messageId, response: String(info.response ?? '') }
  } finally {
    transport.close()
  }
}

/** Many messages of one workspace over kept-open connections (fan blasts). */
export interface BulkSender {
  send(message: Omit<MailMessage, 'tenantId'> & { from?: { name: string; address: string } }): Promise<{ messageId: string; response: string }>
  /**
   * A message built by the caller (every header, CRLF line ends) to one envelope recipient: a blast builds
   * its MIME once and fills it per copy, which composing each copy here would cost many times over.
   */
  sendRaw(envelope: { from: string; to: string }, raw: Buffer): Promise<{ response: string }>
  /** The workspace's sender address (its own server's, else the platform's). */
  fromAddress: string
  close(): void
}

export interface MailerOptions {
  smtpUrl?: string
  from: string
  /** Where messages go when no SMTP server is configured, one .eml file each. */
  outboxDir: string
}

/**
 * The one way the product sends email. With SMTP configured it delivers; without, it keeps
 * each message as an .eml file in the outbox so nothing is lost and an operator can read it.
 * Sending from a request always goes through the job queue: durable, retried, off the request path.
 */
export class Mailer {
  private transporter: Transporter
  private workspaceSmtp: WorkspaceSmtpLookup | null = null
  readonly mode: 'smtp' | 'outbox'

  constructor(private readonly options: MailerOptions) {
    if (options.smtpUrl) {
      this.mode = 'smtp'
      this.transporter = nodemailer.createTransport(options.smtpUrl)
    } else {
      this.mode = 'outbox'
      this.transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
    }
  }

  /** The domain that keeps mail settings tells the mailer how to find a workspace's own server. */
  useWorkspaceSmtp(lookup: WorkspaceSmtpLookup): void {
    this.workspaceSmtp = lookup
  }

  /** Sends now. Jobs call this; request handlers call `queue`. */
  async send({ tenantId, ...message }: MailMessage): Promise<{ messageId: string; response: string }> {
    const own = tenantId && this.workspaceSmtp ? await this.workspaceSmtp(tenantId) : null
    if (own) return sendWithSmtp(own, message)
    const info = await this.transporter.sendMail({ from: this.options.from, ...message })
    if (this.mode === 'outbox')
      return { messageId: info.messageId, response: `kept in outbox as ${await this.keep(info.message as Buffer, info.messageId)}` }
    return { messageId: info.messageId, response: String(info.response ?? '') }
  }

  /**
   * A pooled sender for a blast: the workspace's own SMTP server when it has one, else the platform's,
   * keeping `maxConnections` connections open across messages. Without SMTP, messages go to the outbox.
   */
  async bulk(tenantId: number, maxConnections = 5): Promise<BulkSender> {
    const own = this.workspaceSmtp ? await this.workspaceSmtp(tenantId) : null
    if (!own && this.mode === 'outbox')
      return {
        fromAddress: addressOf(this.options.from),
        send: ({ from: _from, ...message }) => this.send(message),
        sendRaw: async (_envelope, raw) => ({ response: `kept in outbox as ${await this.keep(raw, randomUUID())}` }),
        close() {},
      }
    const pool = { pool: true, maxConnections, maxMessages: Infinity } as const
    const connection = own
      ? {
          host: own.host,
          port: own.port,
          secure: own.encryption === 'ssl',
          requireTLS: own.encryption === 'starttls',
          ignoreTLS: own.encryption === 'none',
          auth: own.username ? { user: own.username, pass: own.password ?? '' } : undefined,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 20_000,
        }
      : parseConnectionUrl(this.options.smtpUrl)
    const transport = nodemailer.createTransport({ ...pool, ...connection })
    const raw = new RawSmtpPool(connection as RawPoolOptions, maxConnections)
    const fromAddress = own ? own.from.address : addressOf(this.options.from)
    const defaultFrom = own ? own.from : this.options.from
    return {
      fromAddress,
      async send({ from, ...message }) {
        const info = await transport.sendMail({ ...message, from: from ?? defaultFrom })
        return { messageId: info.messageId, response: String(info.response ?? '') }
      },
      async sendRaw(envelope, message) {
        return { response: await raw.send(envelope, message) }
      },
      close: () => {
        transport.close()
        raw.close()
      },
    }
  }

  /** Writes a message to the outbox; answers its file name. */
  private async keep(message: Buffer, messageId: string): Promise<string> {
    await mkdir(this.options.outboxDir, { recursive: true })
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${messageId.replace(/[^a-zA-Z0-9@.-]/g, '')}.eml`
    await writeFile(path.join(this.options.outboxDir, name), message, { mode: 0o600 })
    return name
  }

  close(): void {
    this.transporter.close()
  }
}

/** The address of "Name <address>" (or the bare address). */
function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim()
}

/** Queue a message (inside the caller's transaction when one is passed); the workspace's own SMTP sends it when it has one. */
export function queueMail(jobs: JobRunner, db: Queryable, message: MailMessage, tenantId: number | null): Promise<number> {
  return jobs.enqueue(db, { type: 'mail.send', payload: { ...message, tenantId }, tenantId, maxAttempts: 6 })
}
