import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { TestClient } from '../helpers/client'
import { createWorkspace, signedIn } from '../helpers/fixtures'
import { startSmtpSink } from '../helpers/smtp'
import { accounts, artistProfiles, labelProfiles } from '../../src/server/db/schema'

let t: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpSink>>

beforeAll(async () => {
  smtp = await startSmtpSink()
  t = await createTestApp({ env: { SMTP_URL: smtp.url } })
  await createWorkspace(t.services, 'acme')
})
afterAll(async () => {
  await t.close()
  await smtp.close()
})

const csv = (text: string) => ({ file: { filename: 'users.csv', data: Buffer.from(text), contentType: 'text/csv' } })
const count = async () => Number((await t.services.db.execute<{ n: number }>(sql`select count(*)::int as n from accounts`)).rows[0].n)

describe('importing users from a CSV', () => {
  it('previews every row with its errors and imports nothing while any row is wrong', async () => {
    const admin = await signedIn(t.app, 'admin@acme.test')
    const file = csv(
      'Email,First Name,Last Name,Type,Artist Name\nnew1@music.test,Ana,One,artist,Ana One\nnot-an-email,B,Two,artist,\nartist@acme.test,C,Three,label,\nnew1@music.test,D,Four,artist,\nnew5@music.test,E,Five,robot,\n',
    )
    const before = await count()
    const preview = await admin.ok('users.importUsers', { multipart: { fields: { mode: 'preview' }, files: file } })
    expect(preview).toMatchObject({ valid: 1, invalid: 4, created: 0 })
    expect(preview.rows.map((row) => [row.row, row.errors])).toEqual([
      [2, []],
      [3, ['Email must be valid']],
      [4, ['An account with this email already exists']],
      [5, ['Same email as row 2']],
      [6, ['Type must be artist or label']],
    ])
    const commit = await admin.call('users.importUsers', { multipart: { fields: { mode: 'commit' }, files: file } })
    expect(commit.status).toBe(400)
    expect(commit.error.message).toBe('Fix the 4 rows with errors first: nothing was imported.')
    expect(await count()).toBe(before)
  })

  it('imports all rows in one go with their profiles, and invitations let them claim the accounts', async () => {
    const admin = await signedIn(t.app, 'admin@acme.test')
    const result = await admin.ok('users.importUsers', {
      multipart: {
        fields: { mode: 'commit', sendInvites: 'true' },
        files: csv(
          'email,type,first_name,last_name,name\nimp1@music.test,artist,Ia,One,Imp One\nimp2@music.test,label,Ib,Two,Imp Records\n',
        ),
      },
    })
    expect(result).toMatchObject({ valid: 2, invalid: 0, created: 2 })
    const [artist] = await t.services.db.select().from(accounts).where(eq(accounts.email, 'imp1@music.test'))
    expect(artist.passwordHash).toBeNull()
    expect((await t.services.db.select().from(artistProfiles).where(eq(artistProfiles.accountId, artist.id)))[0].artistName).toBe('Imp One')
    const [label] = await t.services.db.select().from(accounts).where(eq(accounts.email, 'imp2@music.test'))
    expect((await t.services.db.select().from(labelProfiles).where(eq(labelProfiles.accountId, label.id)))[0].labelName).toBe('Imp Records')
    const mail = await smtp.waitFor('imp1@music.test')
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1]
    const claimed = await new TestClient(t.app).ok('auth.inviteAccept', {
      body: { token, firstName: 'Ia', lastName: 'One', password: 'claimed password', passwordConfirmation: 'claimed password' },
    })
    expect(claimed).toMatchObject({ status: 'authenticated', account: { id: artist.id, email: 'imp1@music.test' } })
  })

  it('refuses what is not a CSV, a CSV without an email column, and a missing file', async () => {
    const admin = await signedIn(t.app, 'admin@acme.test')
    const binary = await admin.call('users.importUsers', {
      multipart: { fields: { mode: 'preview' }, files: { file: { filename: 'x.csv', data: Buffer.from([0, 1, 2, 3]) } } },
    })
    expect(binary.status).toBe(415)
    const noEmail = await admin.call('users.importUsers', {
      multipart: { fields: { mode: 'preview' }, files: csv('name,type\nA,artist\n') },
    })
    expect(noEmail.error.message).toBe('The CSV needs an "email" column.')
    const missing = await admin.call('users.importUsers', { multipart: { fields: { mode: 'preview' } } })
    expect(missing.error.errors?.file).toBe('Please provide the file.')
  })
})
