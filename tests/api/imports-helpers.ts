import { expect } from 'vitest'
import { sql } from 'drizzle-orm'
import type { TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import type { ImportDetail } from '../../src/contract/earnings-imports'

export const statementFile = (text: string, filename = 'statement.csv') => ({
  file: { filename, data: Buffer.from(text), contentType: 'text/csv' },
})

/** Runs the queued parse job and answers the import once its dry run is ready (or failed). */
export async function dryRun(t: TestApp, client: TestClient, id: number): Promise<ImportDetail> {
  await t.services.jobs.drain()
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const detail = await client.ok('earnings.import', { params: { id } })
    if (!['uploaded', 'parsing'].includes(detail.status)) return detail
    await new Promise((resolve) => setTimeout(resolve, 20))
    await t.services.jobs.drain()
  }
  throw new Error(`import ${id} never finished reading`)
}

export async function ledgerTotal(t: TestApp, tenantId: number, where = sql`true`): Promise<string> {
  const { rows } = await t.services.db.execute<{ total: string }>(
    sql`select coalesce(sum(amount), 0)::numeric(24,6)::text as total from ledger_entries where tenant_id = ${tenantId} and ${where}`,
  )
  return rows[0].total
}

/** An import's stored lines: its rows (unmatched when read) and the lines of its blocks (matched), and the lines its groups sum. */
export async function lineCount(t: TestApp, importId: number): Promise<number> {
  const { rows } = await t.services.db.execute<{ n: number; grouped: number; blocked: number }>(sql`
    select (select count(*)::int from statement_lines where import_id = ${importId}) as n,
      (select coalesce(sum(lines), 0)::int from statement_line_blocks where import_id = ${importId}) as blocked,
      (select coalesce(sum(lines), 0)::int from statement_line_groups where import_id = ${importId}) as grouped`)
  expect(Number(rows[0].grouped), 'the groups sum exactly the lines kept in blocks').toBe(Number(rows[0].blocked))
  return Number(rows[0].n) + Number(rows[0].blocked)
}

export function expectStatus(detail: ImportDetail, status: ImportDetail['status']) {
  expect(detail.status, detail.error ?? '').toBe(status)
}
