import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto'

const VERSION = 'v1'
const IV_BYTES = 12

/**
 * Secrets at rest (SMTP passwords, DKIM private keys): AES-256-GCM with a key derived from the
 * application secret. Each value is bound to a context (e.g. `tenant:3:smtp-password`) as associated
 * data, so a ciphertext copied into another workspace's row or another column does not decrypt.
 */
export class SecretBox {
  private readonly key: Buffer
  private readonly signingKey: Buffer

  constructor(appSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', appSecret, 'wl-admin', 'secrets-at-rest', 32))
    this.signingKey = Buffer.from(hkdfSync('sha256', appSecret, 'wl-admin', 'signatures', 32))
  }

  /** A MAC of the value bound to a context (e.g. device cookies): proves the server issued it. */
  sign(value: string, context: string): string {
    return createHmac('sha256', this.signingKey).update(context).update('\u0000').update(value).digest('base64url')
  }

  encrypt(plain: string, context: string): string {
    const iv = randomBytes(IV_BYTES)
    const cipher = createCipheriv('aes-256-gcm', this.key, iv)
    cipher.setAAD(Buffer.from(context, 'utf8'))
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.')
  }

  /** Throws when the value was altered, belongs to another context or was sealed with another key. */
  decrypt(sealed: string, context: string): string {
    const [version, iv, tag, data] = sealed.split('.')
    if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('Not an encrypted value of this application')
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'))
    decipher.setAAD(Buffer.from(context, 'utf8'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8')
  }
}
