import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Fastify, { LogController, type FastifyInstance } from 'fastify'
import fastifyCookie from '@fastify/cookie'
import fastifyHelmet from '@fastify/helmet'
import fastifyMultipart from '@fastify/multipart'
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import { resolveAppSecret, type Config } from './config'
import type { Database } from './db/engine'
import type { Services } from './context'
import { Mailer, type MailMessage } from './mail/mailer'
import { FileStore } from './storage/file-store'
import { LocalStorage, S3Storage, type StorageBackend } from './storage/backends'
import { JobRunner, type RunnerOptions } from './jobs/runner'
import { createGoogleIdentity } from './auth/google'
import { createCaptchaVerifier } from './auth/captcha'
import { TenantResolver } from './auth/tenancy'
import { SecretBox } from './crypto'
import { DnsResolver } from './dns/resolver'
import { registerErrorHandling } from './plugins/errors'
import { loggerOptions } from './logging'
import { registerSpa } from './plugins/spa'
import { registerContract, missingHandlers } from './contract-routes'
import { buildOpenApi } from './openapi'
import { DOMAINS, allHandlers } from './domains'
import { createHttpScanProvider, type ScanProvider } from '@domains/catalogue/server/public'
import { createHttpUsageProvider, type UsageProvider } from '@domains/discovery/server/public'
import { createAudioSaladClient, type AudioSaladClient } from '@domains/catalogue/server/public'
import { createCodeAllocator } from '@domains/catalogue-ops/server/public'

declare module 'fastify' {
  interface FastifyInstance {
    services: Services
  }
  interface FastifyContextConfig {
    endpointId?: string
  }
}

export interface AppOptions {
  config: Config
  database: Database
  /** Built client to serve; null serves none. Defaults to dist/client. */
  clientDir?: string | null
  storage?: StorageBackend
  runner?: RunnerOptions
  now?: () => Date
  logger?: boolean | Record<string, unknown>
  /** fetch used by outside-service adapters (tests point it at local fakes). */
  fetch?: typeof fetch
  /** Stand-ins for outside services (tests); built from the configuration otherwise. */
  scanProvider?: ScanProvider
  audioSalad?: AudioSaladClient
  usageProvider?: UsageProvider
  /** Refuse to build when a contract endpoint has no handler (default true). */
  strict?: boolean
}

const defaultClientDir = fileURLToPath(new URL('../../dist/client', import.meta.url))

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, typeof options.logger === 'object' ? options.logger : {}),
    genReqId: () => randomUUID(),
    // Fastify's own "incoming request"/"request completed" lines are at info and drown the start
    // banner; ours (below) are at debug and carry the path without its query.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
  })

  const backend =
    options.storage ?? (config.s3 ? new S3Storage(config.s3, options.fetch) : new LocalStorage(path.join(config.dataDir, 'uploads')))
  const jobs = new JobRunner(database.db, { ...options.runner, log: app.log })
  const mail = new Mailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox') })
  const services: Services = {
    config,
    database,
    db: database.db,
    mail,
    files: new FileStore(backend),
    jobs,
    google: createGoogleIdentity(config, options.fetch),
    captcha: createCaptchaVerifier(config, options.fetch),
    tenants: new TenantResolver(database.db, config),
    secrets: new SecretBox(resolveAppSecret(config)),
    dns: new DnsResolver(config.dnsServers),
    scans: options.scanProvider ?? createHttpScanProvider(config.scanProvider, options.fetch),
    audioSalad: options.audioSalad ?? createAudioSaladClient(config.audioSalad, options.fetch),
    usage: options.usageProvider ?? createHttpUsageProvider(config.usageDiscovery, options.fetch),
    codes: createCodeAllocator(),
    now: options.now ?? (() => new Date()),
  }
  app.decorate('services', services)

  jobs.register<MailMessage>('mail.send', async ({ payload }) => mail.send(payload))
  for (const domain of DOMAINS) domain.registerJobs?.(jobs, services)

  await app.register(fastifyCookie)
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://accounts.google.com/gsi/client'],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'https://accounts.google.com/gsi/'],
        frameSrc: ["'self'", 'https://accounts.google.com/gsi/'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.cookieSecure === 'always',
  })
  await app.register(fastifyMultipart, { limits: { fileSize: 200 * 1024 * 1024, files: 5, fields: 50 } })
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', String(req.id))
  })
  app.addHook('onResponse', async (req, reply) => {
    // The path only: a query may carry a search for a person's email or name.
    req.log.debug({ method: req.method, path: req.url.split('?')[0], status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request')
  })
  registerErrorHandling(app)

  const handlers = allHandlers()
  const missing = missingHandlers(handlers)
  if (missing.length && options.strict !== false) throw new Error(`Contract endpoints without a handler: ${missing.join(', ')}`)
  registerContract(app, services, handlers)

  const document = buildOpenApi(config.version)
  app.get('/api/openapi.json', async () => document)
  await app.register(fastifySwagger, { mode: 'static', specification: { document: document as never } })
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' })

  for (const domain of DOMAINS) domain.routes?.(app, services)
  await registerSpa(app, options.clientDir === undefined ? defaultClientDir : options.clientDir)

  app.addHook('onClose', async () => {
    await jobs.stop()
    mail.close()
  })
  return app
}
