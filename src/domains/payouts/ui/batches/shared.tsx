import { Badge, Link, Text } from '@radix-ui/themes'
import { DownloadIcon } from '@radix-ui/react-icons'
import type { PayoutBatch } from '@contract/payout-batches'
import { ApiError } from '@client/api'
import { showNotice } from '@client/ui/notices/notices'
import { workspaceActions } from '@client/workspace/store'

export const ACTION_FAILED = 'Something went wrong, try refreshing the site and try again.'

/** A batch action from a button: a success notice and a refresh of every screen, or the server's message. */
export async function batchAction<T>(action: () => Promise<T>, success: (result: T) => string): Promise<T | null> {
  try {
    const result = await action()
    showNotice(success(result), { tone: 'success' })
    workspaceActions.refreshData()
    return result
  } catch (error) {
    showNotice(error instanceof ApiError ? error.message : ACTION_FAILED, { tone: 'error' })
    return null
  }
}

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
