import { loadConfig } from './config'
import { openDatabase } from './db/engine'
import { DataDirLockedError } from './db/lock'
import { migrateDatabase } from './db/migrate'
import { buildApp } from './app'
import { DEMO_PASSWORD, DEMO_SIGN_INS, databaseIsEmpty, seedDemo } from './seed'

async function main() {
  const config = loadConfig()
  let database
  try {
    database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, pgliteMode: config.pgliteMode })
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`\n${error.message}\n`)
      process.exit(1)
    }
    throw error
  }
  const engine = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir} (${config.pgliteMode})`
  console.log(`Database: ${engine}; migrating…`)
  await migrateDatabase(database)
  const app = await buildApp({ config, database })
  const seeded = config.demo && (await databaseIsEmpty(app.services))
  if (seeded) {
    // Printed, not logged: the first start spends about a minute here and should say so.
    console.log('Empty database: seeding the demo workspace (about a minute on first start)…')
    await seedDemo(app.services, (message) => console.log(`  ${message}`))
  }
  await app.services.jobs.start()
  await app.listen({ port: config.port, host: config.host })

  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  const url = config.publicUrl ?? `http://localhost:${port}`
  const lines = [
    ``,
    `  wl-admin ${config.version} is running at ${url}`,
    `  database: ${engine}${seeded ? ', demo data seeded' : ''}`,
    `  API docs: ${url}/api/docs`,
  ]
  if (config.demo) {
    lines.push(``, `  Demo sign-ins (password "${DEMO_PASSWORD}"):`)
    for (const account of DEMO_SIGN_INS) lines.push(`    ${account.email.padEnd(22)} ${account.role}`)
  } else if (await databaseIsEmpty(app.services)) {
    lines.push(
      ``,
      `  No workspace yet: create the first operator with`,
      `    npm run admin:create -- --email you@example.com --tenant yourname`,
    )
  }
  lines.push(``)
  console.log(lines.join('\n'))

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info(`${signal}: shutting down`)
    const force = setTimeout(() => process.exit(1), 15_000)
    force.unref()
    await app.close().catch((error) => app.log.error(error))
    await database.close().catch((error) => app.log.error(error))
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
