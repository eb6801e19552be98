import { defineConfig } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/e2e/support/chromium'

const port = Number(process.env.E2E_PORT ?? 3199)
// A fresh demo database for every run, so tests start from known data. Workers inherit the
// variable, so specs can read the server's outbox (DATA_DIR/outbox) through it.
// The runner that made it removes it when it exits (workers read it from the variable and leave it).
const madeHere = !process.env.E2E_DATA_DIR
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'wl-e2e-')))
if (madeHere) process.once('exit', () => rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 }))

/**
 * Usage discovery talks to the local fake provider that tests/e2e/discovery.spec.ts starts on this
 * port (nothing calls it before that spec submits tracks).
 */
export const USAGE_PROVIDER = { port: port + 1000, key: 'e2e-usage-key', webhookSecret: 'e2e-usage-secret' }
const USAGE_DISCOVERY_ENV = {
  USAGE_DISCOVERY_URL: `http://127.0.0.1:${USAGE_PROVIDER.port}`,
  USAGE_DISCOVERY_KEY: USAGE_PROVIDER.key,
  USAGE_DISCOVERY_WEBHOOK_SECRET: USAGE_PROVIDER.webhookSecret,
}

/**
 * SFTP delivery goes to the local SFTP server that tests/e2e/delivery.spec.ts starts on this port
 * (nothing connects to it before that spec queues a release).
 */
export const DELIVERY_SFTP = { port: port + 1001, user: 'e2e-delivery', password: 'e2e-delivery-pass', directory: '/incoming' }
const DELIVERY_SFTP_ENV = {
  DELIVERY_SFTP_HOST: '127.0.0.1',
  DELIVERY_SFTP_PORT: String(DELIVERY_SFTP.port),
  DELIVERY_SFTP_USER: DELIVERY_SFTP.user,
  DELIVERY_SFTP_PASSWORD: DELIVERY_SFTP.password,
  DELIVERY_SFTP_DIR: DELIVERY_SFTP.directory,
}

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node scripts/start.mjs',
    url: `http://localhost:${port}/api/health`,
    timeout: 360_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO: '1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...USAGE_DISCOVERY_ENV,
      ...DELIVERY_SFTP_ENV,
    },
  },
})
