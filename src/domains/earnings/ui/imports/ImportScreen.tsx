import { useEffect, useMemo, useState } from 'react'
import { Badge, Button, Callout, Flex, Heading, Text } from '@radix-ui/themes'
import { SOURCE_LABELS } from '@contract/earnings-imports'
import type { ImportRecordState } from '@commands/earnings-imports'
import type { ScreenProps } from '@client/routing/types'
import { api } from '@client/api'
import { RecordActions } from '@client/ui/RecordActions'
import { MainSkeleton } from '@client/pages/MainSkeleton'
import { rememberRecord } from '@client/shell/recents'
import { useDataVersion } from '@client/state/useDataVersion'
import { useLoad } from '@client/state/useLoad'
import { When } from '@client/ui/When'
import { useTab } from '@client/workspace/tab-context'
import { ImportReview } from './ImportReview'
import { ImportsSection } from './ImportsSection'
import { RollbackDialog } from './RollbackDialog'
import { STATUS_COLORS, statusLabel } from './format'

const fetchImport = (input: string, signal: AbortSignal) =>
  api.call('earnings.import', { params: { id: Number(input.split(':')[0]) } }, { signal })

/**
 * /earnings/import/{id}: one statement import, its dry-run report and lines, with Commit / Cancel /
 * Rollback. `/earnings/import/new` shows the imports (flow and histories) on their own.
 */
export default function ImportScreen({ params }: ScreenProps) {
  if (params.id === 'new') return <StandaloneImports />
  return <ImportDetailScreen id={Number(params.id)} />
}

function StandaloneImports() {
  const tab = useTab()
  const { setTitle, setSearch } = tab
  useEffect(() => setTitle('Statement imports'), [setTitle])
  useEffect(() => {
    if (!tab.search.has('import')) setSearch({ import: 'new' }, { replace: true })
    // Only on arrival: the section clears the flag once the flow is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return (
    <Flex direction="column" gap="4" p="4">
      <Heading size="5">Statement imports</Heading>
      <ImportsSection />
    </Flex>
  )
}

function ImportDetailScreen({ id }: { id: number }) {
  const tab = useTab()
  const version = useDataVersion()
  const [polled, setPolled] = useState(0)
  const load = useLoad(fetchImport, `${Number.isInteger(id) && id > 0 ? id : 0}:${version}:${polled}`)
  const detail = load.data && load.data.id === id ? load.data : null
  // `?rollback=1` (the palette's rollback, when balances would go below zero) opens the confirmation.
  const [confirmRollback, setConfirmRollback] = useState(tab.search.get('rollback') === '1')
  const { setTitle, publishRecord } = tab

  // While the file is read, ask again every second.
  const reading = detail?.status === 'uploaded' || detail?.status === 'parsing'
  useEffect(() => {
    if (!reading) return
    const timer = setTimeout(() => setPolled((value) => value + 1), 1000)
    return () => clearTimeout(timer)
  }, [reading, polled])

  const record = useMemo(() => {
    if (!detail) return null
    const state: ImportRecordState = { status: detail.status, fileName: detail.fileName, commitBlocked: detail.commitBlocked }
    return { kind: 'statementImport' as const, id: String(detail.id), title: `Import #${detail.id}`, state }
  }, [detail])
  useEffect(() => {
    if (!detail) return
    setTitle(`Import #${detail.id} · ${detail.fileName}`)
    rememberRecord({
      kind: 'statementImport',
      id: detail.id,
      title: detail.fileName,
      subtitle: `Import #${detail.id} · ${SOURCE_LABELS[detail.source]} · ${detail.period} · ${statusLabel(detail.status)}`,
      path: `/earnings/import/${detail.id}`,
    })
  }, [detail, setTitle])
  useEffect(() => {
    publishRecord(record)
    return () => publishRecord(null)
  }, [record, publishRecord])

  if (load.error && !detail)
    return (
      <Flex p="4">
        <Callout.Root color="red" role="alert">
          <Callout.Text>{load.error.message}</Callout.Text>
        </Callout.Root>
      </Flex>
    )
  if (!detail) return <MainSkeleton />

  return (
    <Flex direction="column" gap="4" p="4">
      <Flex justify="between" align="start" gap="3" wrap="wrap">
        <Flex direction="column" gap="1">
          <Heading size="5">
            Import #{detail.id} · {detail.fileName}
          </Heading>
          <Text size="2" color="gray">
            {SOURCE_LABELS[detail.source]} · {detail.period} · {detail.currency} · run by {detail.createdBy?.name ?? '—'}{' '}
            <When value={detail.created} />
            {detail.committedBy && <> · committed by {detail.committedBy.name}</>}
            {detail.rolledBackBy && <> · rolled back by {detail.rolledBackBy.name}</>}
          </Text>
        </Flex>
        <Flex gap="2" align="center">
          <Badge size="2" color={STATUS_COLORS[detail.status]}>
            {statusLabel(detail.status)}
          </Badge>
          {/* Commit and Cancel as declared (commands/earnings-imports.ts): the palette's wording and checks. */}
          <RecordActions record={record} buttons={['earnings.importCancel', 'earnings.importCommit']} menu={false} />
          {detail.status === 'committed' && (
            <Button color="orange" variant="soft" onClick={() => setConfirmRollback(true)}>
              Rollback
            </Button>
          )}
        </Flex>
      </Flex>
      {detail.error && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{detail.error}</Callout.Text>
        </Callout.Root>
      )}
      {detail.commitBlocked && detail.status === 'review' && (
        <Callout.Root color="amber">
          <Callout.Text>{detail.commitBlocked}</Callout.Text>
        </Callout.Root>
      )}
      {reading ? (
        <Text size="2">Reading the statement and matching its lines…</Text>
      ) : (
        detail.report && <ImportReview detail={detail} version={version} />
      )}
      <RollbackDialog
        importId={confirmRollback && detail.status === 'committed' ? detail.id : null}
        onOpenChange={(open) => {
          setConfirmRollback(open)
          if (!open && tab.search.has('rollback')) tab.setSearch({ rollback: null }, { replace: true })
        }}
      />
    </Flex>
  )
}
