import { z } from 'zod'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'

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
  HOST: z.string().optional(),
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
  /** The support desk's SMTP receiver (docs/support.md): off unless a port is given. */
  SUPPORT_SMTP_PORT: z.coerce.number<number>().int().min(1).max(65535).optional(),
  SUPPORT_SMTP_HOST: z.string().default('127.0.0.1'),
  /** The inbound-mail webhook's shared secret; without it the webhook refuses everything. */
  SUPPORT_INBOUND_SECRET: optional,
  S3_ENDPOINT: optional,
  S3_BUCKET: optional,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_ISSUER: z.string().default('https://accounts.google.com'),
  CAPTCHA_SECRET: optional,
  CAPTCHA_VERIFY_URL: z.string().default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  SPOTIFY_CLIENT_ID: optional,
  SPOTIFY_CLIENT_SECRET: optional,
  SPOTIFY_API_URL: z.string().default('https://api.spotify.com'),
  SPOTIFY_ACCOUNTS_URL: z.string().default('https://accounts.spotify.com'),
  APPLE_MUSIC_TEAM_ID: optional,
  APPLE_MUSIC_KEY_ID: optional,
  APPLE_MUSIC_PRIVATE_KEY: optional,
  APPLE_MUSIC_API_URL: z.string().default('https://api.music.apple.com'),
  APPLE_MUSIC_STOREFRONT: z.string().default('us'),
  /** Audio-recognition scans of tracks (catalogue fingerprint and cover-song detection). */
  SCAN_PROVIDER_URL: optional,
  SCAN_PROVIDER_KEY: optional,
  SCAN_PROVIDER_NAME: z.string().default('Audio recognition'),
  /** Usage discovery's audio-recognition provider (docs/discovery.md): URL and key, or not configured. */
  USAGE_DISCOVERY_URL: optional,
  USAGE_DISCOVERY_KEY: optional,
  USAGE_DISCOVERY_WEBHOOK_SECRET: optional,
  USAGE_DISCOVERY_NAME: z.string().default('Usage discovery'),
  /** AudioSalad's client API, for a release's delivery status per store. */
  AUDIOSALAD_URL: optional,
  AUDIOSALAD_KEY: optional,
  AUDIOSALAD_ACCESS_ID: optional,
  /** Catalogue delivery over SFTP (docs/catalogue-ops.md "Delivery queue"): host and user, or not configured. */
  DELIVERY_SFTP_HOST: optional,
  DELIVERY_SFTP_PORT: z.coerce.number().int().min(1).max(65535).default(22),
  DELIVERY_SFTP_USER: optional,
  DELIVERY_SFTP_PASSWORD: optional,
  DELIVERY_SFTP_DIR: z.string().default('/'),
  /** Hosts a catalogue row's audio URL may reach although they are internal (docs/catalogue-ops.md, "Audio fetch"). */
  AUDIO_FETCH_ALLOW_HOSTS: optional,
  /** Fan blast sending (docs/fanblast.md): messages a second per workspace, SMTP connections per blast. */
  FANBLAST_RATE: z.coerce.number().positive().default(1000),
  FANBLAST_CONNECTIONS: z.coerce.number().int().min(1).max(64).default(8),
  LOG_LEVEL: z.string().default('info'),
  APP_VERSION: optional,
  /** `worker` (default) runs PGlite in its own thread; `inline` in the main thread. */
  PGLITE_MODE: z.enum(['worker', 'inline']).default('worker'),
  /** The key secrets at rest (SMTP passwords, DKIM keys) are encrypted with. */
  APP_SECRET: optional.pipe(z.string().min(32, 'APP_SECRET must be at least 32 characters').optional()),
  /** PayPal Payouts API (OAuth2 client credentials); batches are paid by file without them. */
  PAYPAL_CLIENT_ID: optional,
  PAYPAL_CLIENT_SECRET: optional,
  PAYPAL_API_BASE: z.string().default('https://api-m.paypal.com'),
  /** Tipalti's REST API (OAuth2 client credentials); batches are paid by file without them. */
  TIPALTI_CLIENT_ID: optional,
  TIPALTI_CLIENT_SECRET: optional,
  TIPALTI_API_BASE: z.string().default('https://api-p.tipalti.com'),
  TIPALTI_TOKEN_URL: optional,
  /** Tipalti payee portal (iFrame) for the payouts page's tipaltiUrl: the payer name and its iFrame key. */
  TIPALTI_PAYER: optional,
  TIPALTI_IFRAME_KEY: optional,
  TIPALTI_PORTAL_BASE: z.string().default('https://ui2.tipalti.com'),
  /** Resolvers DNS verification asks, e.g. `1.1.1.1,8.8.8.8` or `127.0.0.1:5353`; the system's when unset. */
  DNS_SERVERS: optional,
  /** The largest manual ledger adjustment, either way (docs/royalties.md). */
  ADJUSTMENT_MAX: z
    .string()
    .regex(/^\d{1,13}(\.\d{1,2})?$/, 'ADJUSTMENT_MAX must be an amount such as 100000 or 2500.50')
    .default('100000'),
  /** How long the palette search waits for its providers before answering with what is ready (ms). */
  SEARCH_BUDGET_MS: z.coerce.number().int().min(1).max(60_000).optional(),
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
  /** Support mail in: the SMTP receiver (off without a port) and the webhook's secret (off without one). */
  supportInbound: { smtpPort?: number; smtpHost: string; webhookSecret?: string }
  s3?: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string }
  google: { clientId?: string; issuer: string }
  captcha: { secret?: string; verifyUrl: string }
  social: {
    spotify: { clientId?: string; clientSecret?: string; apiUrl: string; accountsUrl: string }
    apple: { teamId?: string; keyId?: string; privateKey?: string; apiUrl: string; storefront: string }
  }
  /** Audio-recognition provider: both URL and key, or not configured. */
  scanProvider: { url?: string; key?: string; name: string }
  /** Usage discovery's provider: URL and key (webhook secret for pushed matches), or not configured. */
  usageDiscovery: { url?: string; key?: string; webhookSecret?: string; name: string }
  /** AudioSalad client API: both URL and key (a bearer token), or not configured. */
  audioSalad: { url?: string; key?: string; accessId?: string }
  /** The SFTP delivery target: host and user, or not configured. */
  deliverySftp: { host?: string; port: number; username?: string; password?: string; directory: string }
  /** Payout providers' APIs: both client id and secret, or not configured (batches are paid by file). */
  payoutProviders: {
    paypal: { clientId?: string; clientSecret?: string; apiBase: string }
    tipalti: { clientId?: string; clientSecret?: string; apiBase: string; tokenUrl: string }
    /** The signed payee-portal link of the payouts page; null when not configured. */
    tipaltiPortal: { payer: string; secret: string; baseUrl: string } | null
  }
  logLevel: string
  version: string
  pgliteMode: 'worker' | 'inline'
  /** Unset outside production: `resolveAppSecret` then keeps a generated one in DATA_DIR. */
  appSecret?: string
  dnsServers: string[]
  /** AUDIO_FETCH_ALLOW_HOSTS, lower case: every other host an audio URL names must resolve to public addresses only. */
  audioFetchAllowHosts: string[]
  /** FANBLAST_RATE and FANBLAST_CONNECTIONS: a blast's default pace and SMTP pool (the send job's options may say otherwise). */
  fanblast?: { rate: number; connections: number }
  /** The largest manual ledger adjustment either way (ADJUSTMENT_MAX), a decimal string. */
  adjustmentMax: string
  /** The palette search's time budget: 400 ms, 10 s under NODE_ENV=test (a loaded CI machine must not drop hits). */
  searchBudgetMs: number
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
    // A demo workspace has known passwords: it listens on loopback unless HOST says otherwise.
    host: e.HOST ?? (e.DEMO ? '127.0.0.1' : '0.0.0.0'),
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
    supportInbound: { smtpPort: e.SUPPORT_SMTP_PORT, smtpHost: e.SUPPORT_SMTP_HOST, webhookSecret: e.SUPPORT_INBOUND_SECRET },
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
    social: {
      spotify: {
        clientId: e.SPOTIFY_CLIENT_ID,
        clientSecret: e.SPOTIFY_CLIENT_SECRET,
        apiUrl: e.SPOTIFY_API_URL.replace(/\/$/, ''),
        accountsUrl: e.SPOTIFY_ACCOUNTS_URL.replace(/\/$/, ''),
      },
      apple: {
        teamId: e.APPLE_MUSIC_TEAM_ID,
        keyId: e.APPLE_MUSIC_KEY_ID,
        // PEM keys arrive with escaped newlines from most secret stores.
        privateKey: e.APPLE_MUSIC_PRIVATE_KEY?.replace(/\\n/g, '\n'),
        apiUrl: e.APPLE_MUSIC_API_URL.replace(/\/$/, ''),
        storefront: e.APPLE_MUSIC_STOREFRONT,
      },
    },
    scanProvider: { url: e.SCAN_PROVIDER_URL?.replace(/\/$/, ''), key: e.SCAN_PROVIDER_KEY, name: e.SCAN_PROVIDER_NAME },
    usageDiscovery: {
      url: e.USAGE_DISCOVERY_URL?.replace(/\/$/, ''),
      key: e.USAGE_DISCOVERY_KEY,
      webhookSecret: e.USAGE_DISCOVERY_WEBHOOK_SECRET,
      name: e.USAGE_DISCOVERY_NAME,
    },
    audioSalad: { url: e.AUDIOSALAD_URL?.replace(/\/$/, ''), key: e.AUDIOSALAD_KEY, accessId: e.AUDIOSALAD_ACCESS_ID },
    deliverySftp: {
      host: e.DELIVERY_SFTP_HOST,
      port: e.DELIVERY_SFTP_PORT,
      username: e.DELIVERY_SFTP_USER,
      password: e.DELIVERY_SFTP_PASSWORD,
      directory: e.DELIVERY_SFTP_DIR,
    },
    payoutProviders: {
      paypal: { clientId: e.PAYPAL_CLIENT_ID, clientSecret: e.PAYPAL_CLIENT_SECRET, apiBase: e.PAYPAL_API_BASE.replace(/\/$/, '') },
      tipalti: {
        clientId: e.TIPALTI_CLIENT_ID,
        clientSecret: e.TIPALTI_CLIENT_SECRET,
        apiBase: e.TIPALTI_API_BASE.replace(/\/$/, ''),
        // Tipalti's identity server sits beside the API: sso.tipalti.com, sso.sandbox.tipalti.com.
        tokenUrl:
          e.TIPALTI_TOKEN_URL ??
          (/sandbox/i.test(e.TIPALTI_API_BASE) ? 'https://sso.sandbox.tipalti.com/connect/token' : 'https://sso.tipalti.com/connect/token'),
      },
      tipaltiPortal:
        e.TIPALTI_PAYER && e.TIPALTI_IFRAME_KEY
          ? { payer: e.TIPALTI_PAYER, secret: e.TIPALTI_IFRAME_KEY, baseUrl: e.TIPALTI_PORTAL_BASE.replace(/\/$/, '') }
          : null,
    },
    logLevel: e.LOG_LEVEL,
    version: e.APP_VERSION ?? packageVersion(),
    pgliteMode: e.PGLITE_MODE,
    appSecret: e.APP_SECRET,
    adjustmentMax: e.ADJUSTMENT_MAX,
    fanblast: { rate: e.FANBLAST_RATE, connections: e.FANBLAST_CONNECTIONS },
    audioFetchAllowHosts: (e.AUDIO_FETCH_ALLOW_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    dnsServers: (e.DNS_SERVERS ?? '')
      .split(',')
      .map((server) => server.trim())
      .filter(Boolean),
    searchBudgetMs: e.SEARCH_BUDGET_MS ?? (e.NODE_ENV === 'test' ? 10_000 : 400),
  }
}

export const APP_SECRET_FILE = 'app-secret'

/**
 * The key for secrets at rest. APP_SECRET when set; in production it must be. Elsewhere (demo, dev,
 * tests) one is generated on first use and kept in DATA_DIR/app-secret (mode 0600), so encrypted
 * settings still read after a restart. Losing that file loses the secrets encrypted with it.
 */
export function resolveAppSecret(config: Pick<Config, 'appSecret' | 'dataDir' | 'env'>): string {
  if (config.appSecret) return config.appSecret
  if (config.env === 'production') throw new Error('APP_SECRET is required in production (at least 32 characters).')
  const file = path.join(config.dataDir, APP_SECRET_FILE)
  try {
    const saved = readFileSync(file, 'utf8').trim()
    if (saved.length < 32) throw new Error(`${file} is not a usable key (under 32 characters): restore it or set APP_SECRET.`)
    return saved
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  mkdirSync(config.dataDir, { recursive: true })
  const generated = randomBytes(32).toString('base64url')
  try {
    // 'wx': if another process wrote one first, theirs is the key.
    writeFileSync(file, `${generated}\n`, { mode: 0o600, flag: 'wx' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim()
    throw error
  }
  chmodSync(file, 0o600)
  return generated
}
