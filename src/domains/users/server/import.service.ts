import { and, eq, inArray } from 'drizzle-orm'
import { z } from 'zod'
import type { AuthedContext } from '@server/context'
import { accounts, artistProfiles, invites, labelProfiles } from '@server/db/schema/platform'
import { HttpError, badRequest } from '@server/errors'
import { ERROR_CODES } from '@core/session'
import { auditedMutation } from '@server/audit'
import { readCsvUpload } from '@server/csv-upload'
import { hashToken, newToken } from '@server/auth/tokens'
import { queueMail } from '@server/mail/mailer'
import { mailTemplates } from '@server/mail/templates'
import { workspaceUrl } from '@server/urls'
import { displayName } from '@core/names'
import { INVITE_DAYS } from './invites.service'

export const MAX_IMPORT_ROWS = 5000

/** Header spellings people use, mapped to the column they mean. */
const HEADERS: Record<string, 'email' | 'type' | 'firstName' | 'lastName' | 'name'> = {
  email: 'email',
  emailaddress: 'email',
  type: 'type',
  accounttype: 'type',
  firstname: 'firstName',
  first: 'firstName',
  lastname: 'lastName',
  last: 'lastName',
  surname: 'lastName',
  name: 'name',
  artistname: 'name',
  labelname: 'name',
  displayname: 'name',
}

interface Row {
  row: number
  email: string
  type: string
  firstName: string
  lastName: string
  name: string
  errors: string[]
}

const emailSchema = z.email()

function readRows(data: Buffer): Row[] {
  const records = readCsvUpload(data, HEADERS)
  if (!('email' in records[0])) throw badRequest('The CSV needs an "email" column.', { file: 'The CSV needs an "email" column.' })
  if (records.length > MAX_IMPORT_ROWS)
    throw badRequest(`At most ${MAX_IMPORT_ROWS.toLocaleString('en')} rows per import.`, { file: 'Too many rows.' })
  return records.map((record, index) => ({
    row: index + 2, // the header is line 1
    email: (record.email ?? '').toLowerCase(),
    type: (record.type || 'artist').toLowerCase(),
    firstName: record.firstName ?? '',
    lastName: record.lastName ?? '',
    name: record.name ?? '',
    errors: [],
  }))
}

/**
 * Import accounts from a CSV. The preview checks every row and says what is wrong with each; the
 * commit creates all of them in one transaction, or none when any row has an error.
 */
export async function importUsers(ctx: AuthedContext, input: { mode: 'preview' | 'commit'; sendInvites: boolean }, file: { data: Buffer }) {
  const { services } = ctx
  const rows = readRows(file.data)
  const emails = [...new Set(rows.map((row) => row.email).filter(Boolean))]
  const taken = new Set<string>()
  for (let i = 0; i < emails.length; i += 1000) {
    const existing = await services.db
      .select({ email: accounts.email })
      .from(accounts)
      .where(and(eq(accounts.tenantId, ctx.tenant.id), inArray(accounts.email, emails.slice(i, i + 1000))))
    existing.forEach((row) => taken.add(row.email))
  }
  const seen = new Map<string, number>()
  for (const row of rows) {
    if (!row.email) row.errors.push('Email is required')
    else if (!emailSchema.safeParse(row.email).success) row.errors.push('Email must be valid')
    else if (taken.has(row.email)) row.errors.push('An account with this email already exists')
    else if (seen.has(row.email)) row.errors.push(`Same email as row ${seen.get(row.email)}`)
    if (row.email && !seen.has(row.email)) seen.set(row.email, row.row)
    if (row.type !== 'artist' && row.type !== 'label') row.errors.push('Type must be artist or label')
    for (const [label, value] of [
      ['First name', row.firstName],
      ['Last name', row.lastName],
      ['Name', row.name],
    ] as const) {
      if (value.length > 200) row.errors.push(`${label} is too long`)
    }
  }
  const invalid = rows.filter((row) => row.errors.length).length
  const result = { rows, valid: rows.length - invalid, invalid, created: 0 }
  if (input.mode === 'preview') return result
  if (invalid)
    throw new HttpError(
      400,
      `Fix the ${invalid} row${invalid === 1 ? '' : 's'} with errors first: nothing was imported.`,
      ERROR_CODES.validation,
      { file: 'Some rows have errors.' },
    )

  const baseUrl = workspaceUrl(ctx, ctx.tenant)
  const inviter = displayName(ctx.session.account)
  const mutation = { action: 'accounts.imported', entityType: 'workspace', entityId: ctx.tenant.id }
  const created = await auditedMutation(ctx, mutation, async (tx) => {
    let count = 0
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500)
      const inserted = await tx
        .insert(accounts)
        .values(
          chunk.map((row) => ({
            tenantId: ctx.tenant.id,
            email: row.email,
            type: row.type as 'artist' | 'label',
            firstName: row.firstName,
            lastName: row.lastName,
          })),
        )
        .returning({ id: accounts.id, email: accounts.email, type: accounts.type })
      const byEmail = new Map(chunk.map((row) => [row.email, row]))
      const artists = inserted.filter((account) => account.type === 'artist')
      const labels = inserted.filter((account) => account.type === 'label')
      const nameOf = (email: string) => {
        const row = byEmail.get(email)!
        return row.name || `${row.firstName} ${row.lastName}`.trim() || email
      }
      if (artists.length)
        await tx
          .insert(artistProfiles)
          .values(artists.map((a) => ({ accountId: a.id, tenantId: ctx.tenant.id, artistName: nameOf(a.email) })))
      if (labels.length)
        await tx.insert(labelProfiles).values(labels.map((a) => ({ accountId: a.id, tenantId: ctx.tenant.id, labelName: nameOf(a.email) })))
      if (input.sendInvites) {
        for (const account of inserted) {
          const token = newToken()
          const row = byEmail.get(account.email)!
          await tx.insert(invites).values({
            tenantId: ctx.tenant.id,
            email: account.email,
            type: account.type,
            firstName: row.firstName,
            lastName: row.lastName,
            tokenHash: hashToken(token),
            invitedBy: ctx.session.account.id,
            accountId: account.id,
            expiresAt: new Date(services.now().getTime() + INVITE_DAYS * 24 * 3600 * 1000),
          })
          await queueMail(
            services.jobs,
            tx,
            {
              to: account.email,
              ...mailTemplates.invite(ctx.tenant.name, inviter, `${baseUrl}/invite/accept?token=${token}`, INVITE_DAYS),
            },
            ctx.tenant.id,
          )
        }
      }
      count += inserted.length
    }
    return { result: count, after: { created: count, invited: input.sendInvites } }
  })
  return { ...result, created }
}
