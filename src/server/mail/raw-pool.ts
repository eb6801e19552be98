import SMTPConnection from 'nodemailer/lib/smtp-connection'

// Kept-open SMTP connections for messages that are already built (a fan blast's copies). nodemailer's
// pooled transport composes every message again (a MIME tree, a random boundary, header parsing and a
// stream pipeline each) even when handed the raw bytes; at 100,000 copies that was most of the sender's
// CPU. Here each copy is one MAIL/RCPT/DATA exchange (pipelined when the server offers PIPELINING)
// written as one buffer.

export type RawPoolOptions = SMTPConnection.Options & { auth?: { user: string; pass: string } }

export class RawSmtpPool {
  private idle: SMTPConnection[] = []
  private open = 0
  private waiting: (() => void)[] = []
  private closed = false

  constructor(
    private readonly options: RawPoolOptions,
    private readonly maxConnections: number,
  ) {}

  /** Sends one message; answers the server's reply. An SMTP error keeps its `responseCode` (4xx, 5xx). */
  async send(envelope: { from: string; to: string }, raw: Buffer): Promise<string> {
    const connection = await this.acquire()
    try {
      const info = await new Promise<SMTPConnection.SentMessageInfo>((resolve, reject) =>
        connection.send(envelope, raw, (error, result) => (error || !result ? reject(error) : resolve(result))),
      )
      this.release(connection)
      return String(info.response ?? '')
    } catch (error) {
      // The server refused this message (a reply code): the session is still good after RSET.
      if ((error as { responseCode?: number }).responseCode !== undefined)
        connection.reset((resetError) => (resetError ? this.discard(connection) : this.release(connection)))
      else this.discard(connection)
      throw error
    }
  }

  close(): void {
    this.closed = true
    for (const connection of this.idle.splice(0)) connection.quit()
    for (const wake of this.waiting.splice(0)) wake()
  }

  private acquire(): Promise<SMTPConnection> {
    if (this.closed) return Promise.reject(new Error('The SMTP pool is closed'))
    const idle = this.idle.pop()
    if (idle) return Promise.resolve(idle)
    if (this.open < this.maxConnections) return this.connect()
    return new Promise<void>((wake) => this.waiting.push(wake)).then(() => this.acquire())
  }

  private async connect(): Promise<SMTPConnection> {
    this.open += 1
    const connection = new SMTPConnection(this.options)
    // A dropped connection reports here as well as to the message in flight; it is discarded there.
    connection.on('error', () => {})
    connection.once('end', () => {
      const at = this.idle.indexOf(connection)
      if (at >= 0) {
        this.idle.splice(at, 1)
        this.open -= 1
        this.waiting.shift()?.()
      }
    })
    try {
      await new Promise<void>((resolve, reject) => connection.connect((error) => (error ? reject(error) : resolve())))
      if (this.options.auth)
        await new Promise<void>((resolve, reject) =>
          connection.login(this.options.auth, (error) => (error ? reject(error) : resolve())),
        )
      return connection
    } catch (error) {
      this.discard(connection)
      throw error
    }
  }

  private release(connection: SMTPConnection): void {
    if (this.closed) {
      this.open -= 1
      connection.quit()
      return
    }
    this.idle.push(connection)
    this.waiting.shift()?.()
  }

  private discard(connection: SMTPConnection): void {
    this.open -= 1
    connection.close()
    this.waiting.shift()?.()
  }
}
