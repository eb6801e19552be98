import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from './config'
import type { Database, Db } from './db/engine'
import type { Mailer } from './mail/mailer'
import type { FileStore } from './storage/file-store'
import type { JobRunner } from './jobs/runner'
import type { GoogleIdentity } from './auth/google'
import type { CaptchaVerifier } from './auth/captcha'
import type { TenantResolver } from './auth/tenancy'
import type { AccountType } from '@core/session'
import type { SecretBox } from './crypto'
import type { DnsResolver } from './dns/resolver'
import type { ScanProvider } from '@domains/catalogue/server/public'
import type { UsageProvider } from '@domains/discovery/server/public'
import type { AudioSaladClient } from '@domains/catalogue/server/public'
import type { CodeAllocator } from '@domains/catalogue-ops/server/public'

/** Everything a handler, job or seeder may use. Built once per app. */
export interface Services {
  config: Config
  database: Database
  db: Db
  mail: Mailer
  files: FileStore
  jobs: JobRunner
  google: GoogleIdentity
  captcha: CaptchaVerifier
  tenants: TenantResolver
  /** Encrypts and decrypts secrets kept in the database (APP_SECRET). */
  secrets: SecretBox
  /** DNS lookups for mail-record verification (DNS_SERVERS). */
  dns: DnsResolver
  /** Audio-recognition scans of tracks (SCAN_PROVIDER_URL); "not configured" without it. */
  scans: ScanProvider
  /** AudioSalad's delivery status of releases (AUDIOSALAD_URL); "not configured" without it. */
  audioSalad: AudioSaladClient
  /** Usage discovery's audio-recognition provider (USAGE_DISCOVERY_URL); "not configured" without it. */
  usage: UsageProvider
  /** The workspace's UPC and ISRC pools: free codes taken at submission, inside its transaction. */
  codes: CodeAllocator
  now(): Date
}

export interface TenantInfo {
  id: number
  slug: string
  name: string
  ownerAccountId: number | null
}

export interface SessionInfo {
  id: number
  tenantId: number
  csrfToken: string
  createdAt: Date
  expiresAt: Date
  actingForSessionId: number | null
  /** true when the token came from the cookie (writes then need the CSRF header). */
  viaCookie: boolean
  account: {
    id: number
    email: string
    type: AccountType
    firstName: string
    lastName: string
    banned: boolean
    hasInit: boolean
    initDeferredAt: Date | null
    twoFactorEnabled: boolean
    emailVerifiedAt: Date | null
    changelogReadVersion: string | null
  }
}

export interface RequestContext {
  services: Services
  req: FastifyRequest
  reply: FastifyReply
  /** The workspace named by the request's host, when it names one. */
  hostTenant: TenantInfo | null
  session: SessionInfo | null
  ip: string
  userAgent: string
  requestId: string
}

export interface AuthedContext extends RequestContext {
  session: SessionInfo
  tenant: TenantInfo
}
