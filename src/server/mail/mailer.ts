import nodemailer, { type Transporter } from 'nodemailer'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Queryable } from '../db/engine'
import type { JobRunner } from '../jobs/runner'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
  replyTo?: string
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

  /** Sends now. Jobs call this; request handlers call `queue`. */
  async send(message: MailMessage): Promise<{ messageId: string; response: string }> {
    const info = await this.transporter.sendMail({ from: this.options.from, ...message })
    if (this.mode === 'outbox') {
      await mkdir(this.options.outboxDir, { recursive: true })
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-zA-Z0-9@.-]/g, '')}.eml`
      await writeFile(path.join(this.options.outboxDir, name), info.message as Buffer, { mode: 0o600 })
      return { messageId: info.messageId, response: `kept in outbox as ${name}` }
    }
    return { messageId: info.messageId, response: String(info.response ?? '') }
  }

  close(): void {
    this.transporter.close()
  }
}

/** Queue a message (inside the caller's transaction when one is passed). */
export function queueMail(jobs: JobRunner, db: Queryable, message: MailMessage, tenantId: number | null): Promise<number> {
  return jobs.enqueue(db, { type: 'mail.send', payload: message, tenantId, maxAttempts: 6 })
}
