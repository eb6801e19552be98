import type { TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'

/** Imports a trend report of `platform` (its header and lines) and commits it once its dry run is ready for review. */
export async function importTrendsCommitted(
  t: TestApp,
  admin: TestClient,
  platform: string,
  header: string,
  lines: string[],
  filename: string,
): Promise<void> {
  const data = Buffer.from([header, ...lines].join('\n') + '\n')
  const { id } = await admin.ok('analytics.importTrends', {
    params: { platform },
    multipart: { files: { file: { filename, data, contentType: 'text/csv' } } },
  })
  for (let attempt = 0; attempt < 100; attempt += 1) {
    await t.services.jobs.drain()
    const detail = await admin.ok('analytics.import', { params: { id } })
    if (detail.status === 'review') break
    if (detail.status === 'failed') throw new Error(detail.error ?? 'failed')
  }
  await admin.ok('analytics.importCommit', { params: { id } })
}
