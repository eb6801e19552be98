import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { createWorkspace, signedIn } from '../helpers/fixtures'
import type { TestClient } from '../helpers/client'

/** Error logs carry no query parameters and no bodies (issue 17 item 5), checked on the log output itself. */
let t: TestApp
let admin: TestClient
let ws: Awaited<ReturnType<typeof createWorkspace>>
const lines: string[] = []

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString())
      done()
    },
  })
  t = await createTestApp({ logger: { level: 'info', stream } })
  ws = await createWorkspace(t.services, 'logs')
  admin = await signedIn(t.app, ws.admin.email)
})
afterAll(async () => {
  await t.close()
})

describe('the server log', () => {
  it('logs a failed note insert without the note, the emails or the query parameters', async () => {
    const secret = 'Called jane.doe@private.test about the tax dispute'
    // Break the table so the insert fails inside the database, as a real outage would.
    await t.services.db.execute(sql`alter table account_notes add constraint wl_test_fail check (length(content) < 5) not valid`)
    try {
      const failed = await admin.call('users.createNote', { body: { userId: ws.artist.id, title: 'Private call', content: secret } })
      expect(failed.status).toBe(500)
      const listed = await admin.call('users.list', { query: { search: 'jane.doe@private.test' } as never })
      expect(listed.status).toBeLessThan(500)
    } finally {
      await t.services.db.execute(sql`alter table account_notes drop constraint wl_test_fail`)
    }
    const log = lines.join('')
    expect(log).toContain('request failed')
    expect(log).toContain('wl_test_fail')
    expect(log).not.toContain('jane.doe')
    expect(log).not.toContain('tax dispute')
    expect(log).not.toContain('Private call')
    expect(log).not.toContain(ws.artist.email)
    expect(log).not.toContain('search=')
  })
})
