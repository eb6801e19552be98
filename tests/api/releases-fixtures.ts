import type { Services } from '../../src/server/context'
import { editRequests, releases, tracks, type EditChangeData } from '../../src/server/db/schema'
import { gtinCheckDigit } from '../../src/core/identifiers'

/** A valid UPC-A for a number: 11 digits and their check digit. */
export function upc(n: number): string {
  const body = `7${String(n).padStart(10, '0')}`
  return `${body}${gtinCheckDigit(body)}`
}

export async function createRelease(
  services: Services,
  input: Partial<typeof releases.$inferInsert> & { tenantId: number; accountId: number },
  trackInputs: Partial<typeof tracks.$inferInsert>[] = [{}],
) {
  const title = input.title ?? 'Test Release'
  const [release] = await services.db
    .insert(releases)
    .values({
      title,
      artists: ['Test Artist'],
      artistText: 'Test Artist',
      releaseDate: '2025-01-10',
      ...input,
      trackCount: trackInputs.length,
    })
    .returning()
  const created = []
  for (const [index, track] of trackInputs.entries()) {
    const [row] = await services.db
      .insert(tracks)
      .values({ tenantId: input.tenantId, releaseId: release.id, position: index + 1, title: `${title} ${index + 1}`, ...track })
      .returning()
    created.push(row)
  }
  return { release, tracks: created }
}

export async function createEditRequest(
  services: Services,
  input: { tenantId: number; releaseId: number; accountId: number; changes: EditChangeData[] },
) {
  const [row] = await services.db.insert(editRequests).values(input).returning()
  return row
}
