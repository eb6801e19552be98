import { z } from 'zod'
import path from 'node:path'
import { readFileSync } from 'node:fs'

const flag = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((value) => (value === undefined || value === '' ? fallback : !['0', 'false', 'no', 'off'].includes(value.toLowerCase())))

const optional = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()))

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional,
  DEMO: flag(true),
  /** Tenants are `<slug>.<BASE_DOMAIN>`; hosts outside it use DEFAULT_TENANT or a tenant's own domain. */
  BASE_DOMAIN: optional,
  DEFAULT_TENANT: optional,
  COOKIE_DOMAIN: optional,
  /** `auto` marks cookies Secure when the request came over https. */
  COOKIE_SECURE: z.enum(['auto', 'always', 'never']).default('auto'),
  PUBLIC_URL: optional,
  TRUST_PROXY: flag(false),
  SMTP_URL: optional,
  MAIL_FROM: z.string().default('wl-admin <no-reply@localhost>'),
  S3_ENDPOINT: optional,
  S3_BUCKET: optional,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_ISSUER: z.string().default('https://accounts.google.com'),
  CAPTCHA_SECRET: optional,
  CAPTCHA_VERIFY_URL: z.string().default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  LOG_LEVEL: z.string().default('info'),
  APP_VERSION: optional,
  /** `worker` (default) runs PGlite in its own thread; `inline` in the main thread. */
  PGLITE_MODE: z.enum(['worker', 'inline']).default('worker'),
})

export type Env = z.input<typeof envSchema>

export interface Config {
  env: string
  port: number
  host: string
  dataDir: string
  databaseUrl?: string
  demo: boolean
  baseDomain?: string
  defaultTenant?: string
  cookieDomain?: string
  cookieSecure: 'auto' | 'always' | 'never'
  publicUrl?: string
  trustProxy: boolean
  smtpUrl?: string
  mailFrom: string
  s3?: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string }
  google: { clientId?: string; issuer: string }
  captcha: { secret?: string; verifyUrl: string }
  logLevel: string
  version: string
  pgliteMode: 'worker' | 'inline'
}

export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
  return pkg.version
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')
    throw new Error(`Invalid configuration: ${problems}`)
  }
  const e = parsed.data
  const s3Complete = e.S3_BUCKET && e.S3_ENDPOINT && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    demo: e.DEMO,
    baseDomain: e.BASE_DOMAIN?.toLowerCase(),
    defaultTenant: e.DEFAULT_TENANT ?? (e.DEMO ? 'demo' : undefined),
    cookieDomain: e.COOKIE_DOMAIN,
    cookieSecure: e.COOKIE_SECURE,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    trustProxy: e.TRUST_PROXY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    s3: s3Complete
      ? {
          endpoint: e.S3_ENDPOINT!,
          bucket: e.S3_BUCKET!,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID!,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
        }
      : undefined,
    google: { clientId: e.GOOGLE_CLIENT_ID, issuer: e.GOOGLE_ISSUER.replace(/\/$/, '') },
    captcha: { secret: e.CAPTCHA_SECRET, verifyUrl: e.CAPTCHA_VERIFY_URL },
    logLevel: e.LOG_LEVEL,
    version: e.APP_VERSION ?? packageVersion(),
    pgliteMode: e.PGLITE_MODE,
  }
}
