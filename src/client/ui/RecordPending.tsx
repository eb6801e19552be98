import { useEffect } from 'react'
import { Button, Callout, Flex, Text } from '@radix-ui/themes'
import type { LoadState } from '@client/state/useLoad'
import { MainSkeleton } from '@client/pages/MainSkeleton'
import { useTab } from '@client/workspace/tab-context'
import { workspaceActions } from '@client/workspace/store'

/** A record screen's id is bad, or the server says the record is not there (404). */
export const recordMissing = (valid: boolean, load: LoadState<unknown>) => !valid || (load.status === 'error' && load.error?.status === 404)

/**
 * What a record screen (`/…/single/:id`) shows until it has its record: that the record does not
 * exist, the load's failure with Try again, or the skeleton while it loads.
 */
export function RecordPending({ valid, load, missing }: { valid: boolean; load: LoadState<unknown>; missing: string }) {
  const { tabId } = useTab()
  const absent = recordMissing(valid, load)
  // Remembered on the tab so a reload does not bring back a tab that shows nothing.
  useEffect(() => {
    if (tabId && absent) workspaceActions.markMissing(tabId, true)
  }, [tabId, absent])
  if (absent)
    return (
      <Callout.Root color="gray" role="status" m="4">
        <Callout.Text>{missing}</Callout.Text>
      </Callout.Root>
    )
  if (load.status === 'error')
    return (
      <Flex direction="column" gap="3" align="start" role="alert" p="4">
        <Text color="red">{load.error?.message}</Text>
        <Button variant="soft" onClick={load.reload}>
          Try again
        </Button>
      </Flex>
    )
  return <MainSkeleton />
}
