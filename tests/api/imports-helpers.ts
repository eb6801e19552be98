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

export async function lineCount(t: TestApp, importId: number): Promise<number> {
  const { rows } = await t.services.db.execute<{ n: number }>(
    sql`select count(*)::int as n from statement_lines where import_id = ${importId}`,
  )
  return Number(rows[0].n)
}

export function expectStatus(detail: ImportDetail, status: ImportDetail['status']) {
  expect(detail.status, detail.error ?? '').toBe(status)
}
