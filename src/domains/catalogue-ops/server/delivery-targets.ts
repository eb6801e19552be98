import type { Readable } from 'node:stream'
import type { DeliveryTargetType } from '@contract/catalogue-ops'
import type { Services } from '@server/context'
import { AUDIOSALAD_NOT_CONFIGURED } from '@domains/catalogue/server/public'
import { SFTP_NOT_CONFIGURED, createSftpTarget } from './sftp-target'

// The delivery targets behind one interface (docs/catalogue-ops.md "Delivery queue"): the delivery
// job builds the package once and hands it to the target's adapter, whatever the target does with it.

/** What the delivery job built for a release: the DDEX ERN message and the stored files it names. */
export interface DeliveryPackage {
  releaseId: number
  upc: string | null
  /** `{UPC}` (or `release-{id}` without one): the package's folder on a file target. */
  folder: string
  xml: string
  files: readonly { id: number; uri: string }[]
}

export interface DeliveryContext {
  services: Services
  tenantId: number
  /** Whether this release reached this target before (an update rather than a first delivery). */
  deliveredBefore: boolean
}

export interface DeliveryTarget {
  readonly configured: boolean
  /** Why queueing is refused while it is not configured (answered as 503 and shown on the queue). */
  readonly notConfigured: string
  /** Hands the package over; answers the delivered event's message, throws with the target's reason. */
  deliver(pkg: DeliveryPackage, context: DeliveryContext): Promise<string>
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

function sftpTarget(services: Pick<Services, 'config'>): DeliveryTarget {
  const sftp = createSftpTarget(services.config.deliverySftp)
  return {
    configured: sftp.configured,
    notConfigured: SFTP_NOT_CONFIGURED,
    async deliver(pkg, { services: full, tenantId }) {
      const files: { path: string; data: Buffer | Readable }[] = [{ path: `${pkg.folder}/${pkg.folder}.xml`, data: Buffer.from(pkg.xml) }]
      for (const file of pkg.files) {
        const stored = await full.files.find(full.db, tenantId, file.id)
        if (stored) files.push({ path: `${pkg.folder}/${file.uri}`, data: await full.files.open(stored) })
      }
      await sftp.upload(files)
      return `${plural(files.length, 'file')} in ${pkg.folder}/`
    },
  }
}

/**
 * AudioSalad's client API (docs/formats/audiosalad-api.md): it delivers releases of its own
 * catalogue to the stores, and its public API takes no package upload (ingestion reads an S3
 * bucket of the operator's), so the adapter finds the release there by the package's UPC and
 * schedules its delivery to every store target the account has. Delivered means AudioSalad took
 * the schedule; the stores' own progress is the release tab's "AudioSalad delivery status".
 */
function audioSaladTarget(services: Pick<Services, 'audioSalad'>): DeliveryTarget {
  const client = services.audioSalad
  return {
    configured: client.configured,
    notConfigured: AUDIOSALAD_NOT_CONFIGURED,
    async deliver(pkg, { services: full, deliveredBefore }) {
      if (!pkg.upc) throw new Error('The release has no UPC, and AudioSalad finds releases by UPC.')
      const scheduled = await client.scheduleDelivery(pkg.upc, deliveredBefore ? 'full-update' : 'add', full.now())
      return `Scheduled at AudioSalad (release ${scheduled.providerReleaseId}) for ${plural(scheduled.targets.length, 'store')}: ${scheduled.targets.join(', ')}`
    },
  }
}

export function deliveryTarget(services: Pick<Services, 'config' | 'audioSalad'>, target: DeliveryTargetType): DeliveryTarget {
  switch (target) {
    case 'sftp':
      return sftpTarget(services)
    case 'audiosalad':
      return audioSaladTarget(services)
  }
}
