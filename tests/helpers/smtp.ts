import { SMTPServer } from 'smtp-server'
import type { AddressInfo } from 'node:net'

export interface ReceivedMail {
  from: string
  to: string[]
  raw: string
  subject: string
  text: string
}

/**
 * A local SMTP server that keeps what it receives, so tests read the messages the product sent.
 * With `users`, it asks for a login (over plain text, as a local test server may) and refuses wrong ones.
 */
export async function startSmtpSink(options: { users?: Record<string, string> } = {}) {
  const messages: ReceivedMail[] = []
  const waiters: (() => void)[] = []
  const logins: string[] = []
  const users = options.users
  const server = new SMTPServer({
    authOptional: !users,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (users && auth.username && users[auth.username] === auth.password) {
        logins.push(auth.username)
        callback(null, { user: auth.username })
      } else callback(new Error('Invalid username or password'))
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const subject = /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? ''
        const body = raw
          .split(/\r?\n\r?\n/)
          .slice(1)
          .join('\n\n')
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          subject,
          text: decodeQuotedPrintable(body),
        })
        waiters.splice(0).forEach((wake) => wake())
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** The usernames that logged in, in order. */
    logins,
    /** Resolves with the first message to `to` matching `match`, waiting for it to arrive. */
    async waitFor(to: string, match: (mail: ReceivedMail) => boolean = () => true, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = messages.find((mail) => mail.to.includes(to) && match(mail))
        if (found) return found
        if (Date.now() > deadline)
          throw new Error(
            `No mail to ${to} within ${timeoutMs} ms (got ${messages.length}: ${messages.map((m) => `${m.to}: ${m.subject}`).join('; ')})`,
          )
        await new Promise<void>((resolve) => {
          waiters.push(resolve)
          setTimeout(resolve, 100)
        })
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}
