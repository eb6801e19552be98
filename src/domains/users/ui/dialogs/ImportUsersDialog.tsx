import { NamedTable } from '@client/ui/NamedTable'
import { useState } from 'react'
import { Badge, Button, Callout, Checkbox, Dialog, Flex, ScrollArea, Table, Text } from '@radix-ui/themes'
import type { z } from 'zod'
import type { importedUser } from '@contract/users-admin'
import { api, ApiError } from '@client/api'
import { showNotice } from '@client/ui/notices/notices'
import { workspaceActions } from '@client/workspace/store'

type Row = z.infer<typeof importedUser>
type Phase =
  | { kind: 'idle' }
  | { kind: 'loading'; message: string }
  | { kind: 'preview'; rows: Row[]; valid: number; invalid: number }
  | { kind: 'error'; message: string }

/**
 * Import accounts from a CSV (email, type, first_name, last_name, name): a preview of every row with
 * what is wrong with it, then an import of all rows at once, or none.
 */
export function ImportUsersDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const [file, setFile] = useState<File | null>(null)
  const [sendInvites, setSendInvites] = useState(true)
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' })

  const run = async (mode: 'preview' | 'commit') => {
    if (!file) {
      setPhase({ kind: 'error', message: 'CSV file is required' })
      return
    }
    setPhase({ kind: 'loading', message: mode === 'preview' ? 'Checking every row…' : 'Importing…' })
    try {
      const result = await api.upload('users.importUsers', { body: { mode, sendInvites: String(sendInvites) }, files: { file } })
      if (mode === 'preview') {
        setPhase({ kind: 'preview', rows: result.rows, valid: result.valid, invalid: result.invalid })
        return
      }
      showNotice(
        `Imported ${result.created} account${result.created === 1 ? '' : 's'}${sendInvites ? ' and sent their invitations' : ''}.`,
        { tone: 'success' },
      )
      workspaceActions.refreshData()
      setFile(null)
      setPhase({ kind: 'idle' })
      onOpenChange(false)
    } catch (error) {
      setPhase({ kind: 'error', message: error instanceof ApiError ? error.message : 'Something went wrong.' })
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="760px">
        <Dialog.Title>Import users from a CSV</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          Columns: email (required), type (artist or label), first_name, last_name, name (the artist or label name). Nothing is imported
          while any row has an error.
        </Dialog.Description>
        <Flex direction="column" gap="3">
          <Flex gap="3" align="center" wrap="wrap">
            <input
              type="file"
              accept=".csv,text/csv"
              aria-label="CSV file"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null)
                setPhase({ kind: 'idle' })
              }}
            />
            <Text as="label" size="2">
              <Flex gap="2" align="center">
                <Checkbox checked={sendInvites} onCheckedChange={(checked) => setSendInvites(checked === true)} />
                Send each account an invitation to set its password
              </Flex>
            </Text>
          </Flex>
          {phase.kind === 'error' && (
            <Callout.Root color="red" role="alert">
              <Callout.Text>{phase.message}</Callout.Text>
            </Callout.Root>
          )}
          {phase.kind === 'loading' && (
            <Text size="2" color="gray" role="status">
              {phase.message}
            </Text>
          )}
          {phase.kind === 'preview' && (
            <>
              <Flex gap="2" role="status">
                <Badge color="green">{phase.valid} ready</Badge>
                {phase.invalid > 0 && <Badge color="red">{phase.invalid} with errors</Badge>}
              </Flex>
              <ScrollArea style={{ maxHeight: 320 }}>
                <NamedTable size="1" label="Rows of the CSV">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeaderCell>Row</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell>Email</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell>Type</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell>Problems</Table.ColumnHeaderCell>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {phase.rows.map((row) => (
                      <Table.Row key={row.row}>
                        <Table.Cell>{row.row}</Table.Cell>
                        <Table.Cell>{row.email}</Table.Cell>
                        <Table.Cell>{row.type}</Table.Cell>
                        <Table.Cell>{row.name || `${row.firstName} ${row.lastName}`.trim()}</Table.Cell>
                        <Table.Cell>
                          {row.errors.length ? <Text color="red">{row.errors.join('; ')}</Text> : <Text color="green">OK</Text>}
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </NamedTable>
              </ScrollArea>
            </>
          )}
          <Flex gap="3" justify="end">
            <Dialog.Close>
              <Button variant="soft" color="gray">
                Cancel
              </Button>
            </Dialog.Close>
            <Button variant="soft" onClick={() => void run('preview')} loading={phase.kind === 'loading'}>
              Preview
            </Button>
            <Button onClick={() => void run('commit')} disabled={phase.kind !== 'preview' || phase.invalid > 0 || phase.valid === 0}>
              Import {phase.kind === 'preview' ? phase.valid : ''} accounts
            </Button>
          </Flex>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  )
}
