import { Badge, Link, Text } from '@radix-ui/themes'
import { DownloadIcon } from '@radix-ui/react-icons'
import type { PayoutBatch } from '@contract/payout-batches'

/** The stored batch file as a plain download link (`GET files/{id}`). */
export function BatchFileLink({ file }: { file: PayoutBatch['file'] }) {
  if (!file) return <Text color="gray">No file</Text>
  return (
    <Link href={`/api/files/${file.id}`} download={file.name} aria-label={`Download ${file.name}`}>
      <DownloadIcon style={{ verticalAlign: 'middle', marginRight: 4 }} />
      {file.name}
    </Link>
  )
}

export function DeliveryBadge({ delivery }: { delivery: 'file' | 'api' }) {
  return delivery === 'api' ? (
    <Badge color="blue">API</Badge>
  ) : (
    <Badge color="gray" variant="soft">
      File
    </Badge>
  )
}

/** "2 paid · 1 processing · 1 failed": where the batch's payouts stand now. */
export function batchProgress(statuses: PayoutBatch['statuses']): string {
  const parts = [
    statuses.paid ? `${statuses.paid} paid` : '',
    statuses.processing ? `${statuses.processing} processing` : '',
    statuses.failed ? `${statuses.failed} failed` : '',
  ].filter(Boolean)
  return parts.join(' · ') || '—'
}
