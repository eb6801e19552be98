import type { ReactNode } from 'react'
import { Button, Callout, Flex, Progress, Text } from '@radix-ui/themes'
import { GENERIC_ERROR } from '@machines/import/import.machine'
import { PLEASE_WAIT } from './import-kinds'

// The pieces every import page of the spec's "Import page" shares (docs/catalogue-ops.md): the CSV
// picker, its required-file message, the progress while the job runs, and the error card.

/** The CSV picker: disabled while an import runs; choosing a file clears the required-file message. */
export function CsvFilePicker({ busy, onFile }: { busy: boolean; onFile(file: File | null): void }) {
  return (
    <input
      type="file"
      accept=".csv,text/csv"
      aria-label="CSV file"
      disabled={busy}
      onChange={(event) => onFile(event.target.files?.[0] ?? null)}
    />
  )
}

/** The spec's message when Import is pressed without a file. */
export function CsvRequired() {
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Text weight="bold">CSV file is required</Callout.Text>
      <Callout.Text>Please provide the file</Callout.Text>
    </Callout.Root>
  )
}

/** While the job runs: "Please wait…", a bar driven by its real progress (0–1) and a line of where it is. */
export function ImportProgress({ progress, children }: { progress: number; children?: ReactNode }) {
  return (
    <Flex direction="column" gap="2">
      <Text size="2" role="status">
        {PLEASE_WAIT}
      </Text>
      <Progress value={Math.round(progress * 100)} aria-label="Import progress" />
      {children && (
        <Text size="1" color="gray">
          {children}
        </Text>
      )}
    </Flex>
  )
}

/** "Something went wrong." with the server's reason, and a way to start again. */
export function ImportErrorCard({ error, onReset }: { error: string | null | undefined; onReset(): void }) {
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Text weight="bold">{GENERIC_ERROR}</Callout.Text>
      {error && error !== GENERIC_ERROR && <Callout.Text>{error}</Callout.Text>}
      <Flex gap="2" mt="2">
        <Button size="1" variant="soft" onClick={onReset}>
          Start again
        </Button>
      </Flex>
    </Callout.Root>
  )
}
