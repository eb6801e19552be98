// `npm run admin:create -- --email E --tenant T [--name "Site name"] [--password P]`
// Creates the workspace T if it does not exist and its first operator (owning admin) account.
import { parseArgs } from 'node:util'
import { randomBytes } from 'node:crypto'
import { createInterface } from 'node:readline'
import { Writable } from 'node:stream'
import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import { loadConfig } from '../src/server/config'
import { openDatabase } from '../src/server/db/engine'
import { DataDirLockedError } from '../src/server/db/lock'
import { migrateDatabase } from '../src/server/db/migrate'
import { accounts, tenants } from '../src/server/db/schema'
import { hashPassword } from '../src/server/auth/passwords'
import { audit } from '../src/server/audit'

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    tenant: { type: 'string' },
    name: { type: 'string' },
    password: { type: 'string' },
    'first-name': { type: 'string', default: '' },
    'last-name': { type: 'string', default: '' },
  },
})

function fail(message: string): never {
  console.error(`admin:create: ${message}`)
  process.exit(1)
}

const email = z.email().safeParse(values.email?.trim().toLowerCase())
if (!email.success) fail('--email must be an email address, e.g. --email you@example.com')
const slug = values.tenant?.trim().toLowerCase() ?? ''
if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(slug)) fail('--tenant must be a workspace name of letters, digits and dashes, e.g. --tenant acme')

async function askPassword(): Promise<string | null> {
  if (!process.stdin.isTTY) return null
  const muted = new Writable({ write: (_chunk, _encoding, callback) => callback() })
  const prompt = createInterface({ input: process.stdin, output: muted, terminal: true })
  process.stdout.write('Password (leave empty to generate one): ')
  const answer = await new Promise<string>((resolve) => prompt.question('', resolve))
  prompt.close()
  process.stdout.write('\n')
  return answer || null
}

const config = loadConfig()
let password = values.password ?? (await askPassword())
const generated = !password
password ??= randomBytes(12).toString('base64url')
if (password.length < 8) fail('the password must be at least 8 characters')

let database
try {
  database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
} catch (error) {
  if (error instanceof DataDirLockedError) fail(`${error.message}\nStop the server first: PGlite allows one process per data directory.`)
  throw error
}
try {
  await migrateDatabase(database)
  const { db } = database
  const passwordHash = await hashPassword(password)
  const result = await db.transaction(async (tx) => {
    let [tenant] = await tx.select().from(tenants).where(eq(tenants.slug, slug))
    const created = !tenant
    if (!tenant)
      [tenant] = await tx
        .insert(tenants)
        .values({ slug, name: values.name?.trim() || slug })
        .returning()
    const [existing] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.tenantId, tenant.id), eq(accounts.email, email.data)))
    if (existing) fail(`${email.data} already has an account in workspace ${slug}`)
    const [account] = await tx
      .insert(accounts)
      .values({
        tenantId: tenant.id,
        email: email.data,
        type: 'admin',
        firstName: values['first-name'] ?? '',
        lastName: values['last-name'] ?? '',
        passwordHash,
        emailVerifiedAt: new Date(),
      })
      .returning()
    const owner = tenant.ownerAccountId === null
    if (owner) await tx.update(tenants).set({ ownerAccountId: account.id }).where(eq(tenants.id, tenant.id))
    await audit(
      tx,
      { tenantId: tenant.id, actorAccountId: null },
      {
        action: 'account.created_by_cli',
        entityType: 'account',
        entityId: account.id,
        after: { email: account.email, type: 'admin', owner },
      },
    )
    return { tenant, created, owner, account }
  })
  console.log(
    [
      ``,
      `  ${result.created ? 'Created workspace' : 'Workspace'} "${result.tenant.name}" (${slug})`,
      `  ${result.owner ? 'Operator (owning admin)' : 'Admin'} account: ${result.account.email}`,
      generated ? `  Generated password: ${password}\n  Keep it safe: it is not shown again.` : `  Password: as given`,
      ``,
    ].join('\n'),
  )
} finally {
  await database.close()
}
