import { useCallback, useEffect, useRef, useState, type FormEvent, type RefObject } from 'react'
import { Badge, Button, Callout, Card, Flex, Heading, Progress, Table, Text, TextArea } from '@radix-ui/themes'
import type { MyBlastItem } from '@contract/fanblast'
import { BLAST_STATUS_LABELS, FAN_SOURCE_LABELS, listSubject } from '@core/fanblast'
import { formatCount } from '@core/format'
import { api } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { useDataVersion } from '@client/state/useDataVersion'
import { Field } from '@client/ui/Field'
import { NamedTable } from '@client/ui/NamedTable'
import { useSubmit } from '@client/ui/useSubmit'
import { useTab } from '@client/workspace/tab-context'
import { workspaceActions } from '@client/workspace/store'
import { BLAST_STATUS_COLORS } from './status'

// The artist's side of fan blast on the dashboard (docs/fanblast.md, "Artists"): their audience, a CSV
// import with proof of consent, composing a blast for review, and their blasts with the sending progress.
// "Compose fan blast…" and "Import fans…" (commands/fanblast.ts) open /dashboard?fanblast=compose|import,
// which moves the keyboard to that form.

/** The newest fans shown: the smallest page the list call serves is 25, of which the first ten are shown. */
const NEWEST_FANS = 10
const fetchFans = (_key: string, signal: AbortSignal) => api.call('fanblast.fans', { query: { page: 1, per_page: 25 } }, { signal })
const fetchMine = (_key: string, signal: AbortSignal) => api.call('fanblast.mine', { query: { page: 1 } }, { signal })

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** Plain text with blank lines between paragraphs, as HTML (the server sanitises it again). */
export function paragraphsToHtml(text: string): string {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\r?\n/g, '<br>')}</p>`)
    .join('')
}

export function FanBlastSection() {
  const tab = useTab()
  const version = useDataVersion()
  const asked = tab.search.get('fanblast')
  const { setSearch } = tab
  const composeRef = useRef<HTMLInputElement>(null)
  const importRef = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (asked !== 'compose' && asked !== 'import') return
    ;(asked === 'compose' ? composeRef : importRef).current?.focus()
    setSearch({ fanblast: null }, { replace: true })
  }, [asked, setSearch])

  // While a blast sends, its progress refreshes every two seconds.
  const [tick, setTick] = useState(0)
  const fans = useLoad(fetchFans, `fans:${version}`)
  const mine = useLoad(fetchMine, `mine:${version}:${tick}`)
  const active = (mine.data?.data ?? []).some((blast) => blast.status === 'approved' || blast.status === 'sending')
  useEffect(() => {
    if (!active) return
    const timer = setTimeout(() => setTick((value) => value + 1), 2000)
    return () => clearTimeout(timer)
  }, [active, tick, mine.data])

  return (
    <Card asChild>
      <section aria-labelledby="fanblast-heading">
        <Flex direction="column" gap="4">
          <Heading as="h2" size="4" id="fanblast-heading">
            Fan blast
          </Heading>
          <Audience data={fans.data} error={fans.error?.message ?? null} />
          <ImportFans inputRef={importRef} />
          <Compose inputRef={composeRef} />
          <MyBlasts blasts={mine.data?.data ?? null} error={mine.error?.message ?? null} />
        </Flex>
      </section>
    </Card>
  )
}

function Audience({ data, error }: { data: Awaited<ReturnType<typeof fetchFans>> | null | undefined; error: string | null }) {
  if (error)
    return (
      <Callout.Root color="red" role="alert">
        <Callout.Text>{error}</Callout.Text>
      </Callout.Root>
    )
  if (!data) return null
  return (
    <Flex direction="column" gap="2">
      <Heading as="h3" size="3">
        Your audience: {formatCount(data.meta.total)} {data.meta.total === 1 ? 'fan' : 'fans'}
      </Heading>
      {data.data.length === 0 ? (
        <Text color="gray">No fans yet: they sign up on your smartlink pages, or import a list with proof of consent.</Text>
      ) : (
        <NamedTable label="Newest fans" size="1" variant="surface">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Email</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Consent source</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Consent date</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>State</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.data.slice(0, NEWEST_FANS).map((fan) => (
              <Table.Row key={fan.id}>
                <Table.Cell>{fan.email}</Table.Cell>
                <Table.Cell>
                  {FAN_SOURCE_LABELS[fan.source]}
                  {fan.consentProof ? ` (${fan.consentProof})` : ''}
                </Table.Cell>
                <Table.Cell>{fan.consentDate.slice(0, 10)}</Table.Cell>
                <Table.Cell>{fan.bounced ? 'Bounced' : fan.unsubscribed ? 'Unsubscribed' : 'Subscribed'}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </NamedTable>
      )}
    </Flex>
  )
}

function ImportFans({ inputRef }: { inputRef: RefObject<HTMLInputElement | null> }) {
  const [file, setFile] = useState<File | null>(null)
  const [result, setResult] = useState<{ message: string; refused: { row: number; email: string; reason: string }[] } | null>(null)
  const action = useCallback(async () => {
    if (!file) throw new Error('Choose a CSV file')
    return api.upload('fanblast.importFans', { body: {}, files: { file } })
  }, [file])
  const done = useCallback((answer: Awaited<ReturnType<typeof action>>) => {
    setResult(answer)
    workspaceActions.refreshData()
  }, [])
  const { submit, submitting, formError } = useSubmit(action, done)
  return (
    <form onSubmit={(event: FormEvent) => void submit(event)} aria-label="Import fans">
      <Flex direction="column" gap="2">
        <Heading as="h3" size="3">
          Import fans
        </Heading>
        <Text as="label" size="2" htmlFor="fanblast-import-file">
          CSV with the columns email, consent date and proof of consent (rows without proof are refused)
        </Text>
        <Flex gap="2" align="center" wrap="wrap">
          <input
            id="fanblast-import-file"
            ref={inputRef}
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
          <Button type="submit" disabled={!file || submitting}>
            Import fans
          </Button>
        </Flex>
        {formError && (
          <Text color="red" role="alert">
            {formError}
          </Text>
        )}
        {result && (
          <Callout.Root color={result.refused.length ? 'amber' : 'green'} role="status">
            <Callout.Text>{result.message}</Callout.Text>
            {result.refused.length > 0 && (
              <ul aria-label="Refused rows">
                {result.refused.slice(0, 20).map((row) => (
                  <li key={row.row}>
                    Row {row.row}
                    {row.email ? ` (${row.email})` : ''}: {row.reason}
                  </li>
                ))}
              </ul>
            )}
          </Callout.Root>
        )}
      </Flex>
    </form>
  )
}

function Compose({ inputRef }: { inputRef: RefObject<HTMLInputElement | null> }) {
  const [subject, setSubject] = useState('')
  const [from, setFrom] = useState('')
  const [text, setText] = useState('')
  const [sent, setSent] = useState<string | null>(null)
  const action = useCallback(() => api.call('fanblast.submit', { body: { subject, from, content: paragraphsToHtml(text) } }), [subject, from, text])
  const done = useCallback((answer: Awaited<ReturnType<typeof action>>) => {
    setSent(answer.message)
    setSubject('')
    setText('')
    workspaceActions.refreshData()
  }, [])
  const { submit, submitting, formError, fieldErrors } = useSubmit(action, done)
  return (
    <form onSubmit={(event: FormEvent) => void submit(event)} aria-label="Compose fan blast">
      <Flex direction="column" gap="2">
        <Heading as="h3" size="3">
          Compose a fan blast
        </Heading>
        <Field ref={inputRef} label="Subject" value={subject} onValueChange={setSubject} error={fieldErrors.subject} maxLength={200} />
        <Field label="From (your name when empty)" value={from} onValueChange={setFrom} error={fieldErrors.from} maxLength={100} />
        <Text as="label" size="2" weight="medium" htmlFor="fanblast-message">
          Message (a blank line starts a new paragraph)
        </Text>
        <TextArea
          id="fanblast-message"
          rows={6}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={fieldErrors.content ? true : undefined}
        />
        {fieldErrors.content && (
          <Text size="1" color="red" role="alert">
            {fieldErrors.content}
          </Text>
        )}
        <Flex gap="3" align="center">
          <Button type="submit" disabled={submitting || !subject.trim() || !text.trim()}>
            Submit for review
          </Button>
          {sent && (
            <Text role="status" color="green">
              {sent}
            </Text>
          )}
        </Flex>
        {formError && (
          <Text color="red" role="alert">
            {formError}
          </Text>
        )}
      </Flex>
    </form>
  )
}

function progressText(blast: MyBlastItem): string | null {
  const p = blast.progress
  if (!p) return null
  const total = Object.values(p).reduce((sum, n) => sum + n, 0)
  const done = total - p.queued - p.sending - p.deferred
  const parts = [`${formatCount(p.sent)} sent`]
  if (p.deferred) parts.push(`${formatCount(p.deferred)} retrying`)
  if (p.bounced) parts.push(`${formatCount(p.bounced)} bounced`)
  if (p.unsubscribed) parts.push(`${formatCount(p.unsubscribed)} unsubscribed`)
  if (p.failed) parts.push(`${formatCount(p.failed)} failed`)
  return `${formatCount(done)} of ${formatCount(total)} done: ${parts.join(', ')}`
}

function MyBlasts({ blasts, error }: { blasts: MyBlastItem[] | null; error: string | null }) {
  if (error)
    return (
      <Callout.Root color="red" role="alert">
        <Callout.Text>{error}</Callout.Text>
      </Callout.Root>
    )
  if (!blasts) return null
  return (
    <Flex direction="column" gap="2">
      <Heading as="h3" size="3">
        Your blasts
      </Heading>
      {blasts.length === 0 ? (
        <Text color="gray">You have not sent a fan blast yet.</Text>
      ) : (
        <NamedTable label="Your fan blasts" size="1" variant="surface">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Subject</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Sending</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Submitted</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {blasts.map((blast) => {
              const progress = progressText(blast)
              const total = blast.progress ? Object.values(blast.progress).reduce((sum, n) => sum + n, 0) : 0
              const waiting = blast.progress ? blast.progress.queued + blast.progress.sending + blast.progress.deferred : 0
              return (
                <Table.Row key={blast.id}>
                  <Table.Cell>{listSubject(blast.subject)}</Table.Cell>
                  <Table.Cell>
                    <Badge color={BLAST_STATUS_COLORS[blast.status]}>{BLAST_STATUS_LABELS[blast.status]}</Badge>
                    {blast.reason && (
                      <Text as="div" size="1" color="gray">
                        Reason: {blast.reason}
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell>
                    {progress ? (
                      <Flex direction="column" gap="1">
                        <Progress
                          value={total ? Math.round(((total - waiting) / total) * 100) : 100}
                          aria-label={`Sending progress of ${listSubject(blast.subject)}`}
                        />
                        <Text size="1">{progress}</Text>
                      </Flex>
                    ) : (
                      '—'
                    )}
                  </Table.Cell>
                  <Table.Cell>{blast.date.slice(0, 10)}</Table.Cell>
                </Table.Row>
              )
            })}
          </Table.Body>
        </NamedTable>
      )}
    </Flex>
  )
}
