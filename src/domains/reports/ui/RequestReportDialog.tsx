import { useCallback, useEffect, useState } from 'react'
import { Box, Button, Callout, Dialog, Flex, Select, Text, TextField } from '@radix-ui/themes'
import { SITE_REPORT_KINDS } from '@core/report-kinds'
import { ADMIN_REPORT_KINDS, type ReportRow, type ReportScopeName } from '@contract/reports'
import { isSiteReportKind, siteReportEndpointId } from '@contract/site-reports'
import type { SearchHit } from '@contract/search'
import type { UserCard } from '@contract/users'
import { periodPresets } from '@commands/reports'
import { api } from '@client/api'
import { useSubmit } from '@client/ui/useSubmit'
import { UserPickerDialog } from '@client/ui/dialogs/UserPickerDialog'

export interface RequestReportDialogProps {
  open: boolean
  onOpenChange(open: boolean): void
  /** Which list asked: site (the workspace), user (one account), admin (release or artist earnings). */
  scope: ReportScopeName
  isAdmin: boolean
  onRequested(report: ReportRow): void
}

function ReleasePicker({ value, onChange }: { value: SearchHit | null; onChange(hit: SearchHit | null): void }) {
  const [text, setText] = useState('')
  const [hits, setHits] = useState<SearchHit[]>([])
  useEffect(() => {
    if (text.trim().length < 2) return setHits([])
    const controller = new AbortController()
    const timer = setTimeout(() => {
      api
        .call('search.query', { query: { q: text.trim(), kinds: 'release', limit: 8 } }, { signal: controller.signal })
        .then((answer) => setHits(answer.hits))
        .catch(() => undefined)
    }, 300)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [text])
  if (value)
    return (
      <Flex align="center" gap="2">
        <Text size="2">{value.title}</Text>
        <Button size="1" variant="ghost" onClick={() => onChange(null)}>
          Change
        </Button>
      </Flex>
    )
  return (
    <Box>
      <TextField.Root
        aria-label="Search a release"
        placeholder="Title, UPC or catalog number"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <Flex direction="column" gap="1" mt="1">
        {hits.map((hit) => (
          <Button key={hit.id} size="1" variant="soft" color="gray" onClick={() => onChange(hit)} style={{ justifyContent: 'flex-start' }}>
            {hit.title}
            <Text size="1" color="gray">
              {hit.subtitle}
            </Text>
          </Button>
        ))}
      </Flex>
    </Box>
  )
}

/** "Request report": kind, months (presets or from/to), and the account or release it is about. */
export function RequestReportDialog({ open, onOpenChange, scope, isAdmin, onRequested }: RequestReportDialogProps) {
  const kinds = scope === 'admin' ? ADMIN_REPORT_KINDS : SITE_REPORT_KINDS
  const [kind, setKind] = useState<string>(kinds[0].kind)
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [account, setAccount] = useState<UserCard | null>(null)
  const [release, setRelease] = useState<SearchHit | null>(null)
  const [picking, setPicking] = useState(false)
  const needsAccount = isAdmin && (scope === 'user' || kind === 'artist-earning')
  const needsRelease = kind === 'release-earning'

  useEffect(() => {
    if (!open) return
    setKind(kinds[0].kind)
    setFrom('')
    setTo('')
    setAccount(null)
    setRelease(null)
  }, [open, kinds])

  const action = useCallback(async () => {
    const months = { ...(from ? { from } : {}), ...(to ? { to } : {}) }
    if (kind === 'release-earning') {
      if (!release) throw new Error('Choose the release.')
      return api.call('reports.requestReleaseEarning', { body: { releaseId: release.id, ...months } })
    }
    if (kind === 'artist-earning') {
      if (!account) throw new Error('Choose the account.')
      return api.call('reports.requestArtistEarning', { body: { userId: account.id, ...months } })
    }
    if (needsAccount && !account) throw new Error('Choose the account.')
    if (!isSiteReportKind(kind)) throw new Error(`Unknown report kind ${kind}`)
    return api.call(siteReportEndpointId(kind), { body: { ...months, ...(needsAccount && account ? { userId: account.id } : {}) } })
  }, [kind, from, to, account, release, needsAccount])
  const form = useSubmit(action, (report) => {
    onRequested(report)
    onOpenChange(false)
  })
  const missing = (needsAccount && !account) || (needsRelease && !release)

  return (
    <>
      <Dialog.Root open={open} onOpenChange={onOpenChange}>
        <Dialog.Content maxWidth="520px">
          <Dialog.Title>Request report</Dialog.Title>
          <Dialog.Description size="2" color="gray" mb="3">
            {scope === 'site'
              ? 'A CSV over the whole workspace. It is prepared in the background; you are notified when it is ready.'
              : scope === 'admin'
                ? 'Earnings of one release or one account, as a CSV prepared in the background.'
                : isAdmin
                  ? "A CSV about one account's data, prepared in the background."
                  : 'A CSV about your own account, prepared in the background; you are notified when it is ready.'}
          </Dialog.Description>
          <form onSubmit={form.submit}>
            <Flex direction="column" gap="3">
              <label>
                <Text as="div" size="2" weight="medium" mb="1">
                  Report
                </Text>
                <Select.Root value={kind} onValueChange={setKind}>
                  <Select.Trigger aria-label="Report kind" style={{ width: '100%' }} />
                  <Select.Content position="popper">
                    {kinds.map((info) => (
                      <Select.Item key={info.kind} value={info.kind} disabled={info.arrivesWith !== null}>
                        {info.label}
                        {info.arrivesWith ? ` — arrives with ${info.arrivesWith}` : ''}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select.Root>
              </label>
              <Box>
                <Text as="div" size="2" weight="medium" mb="1">
                  Period
                </Text>
                <Flex gap="1" wrap="wrap" mb="2">
                  {periodPresets().map((preset) => (
                    <Button
                      key={preset.id}
                      type="button"
                      size="1"
                      variant={from === (preset.from ?? '') && to === (preset.to ?? '') ? 'solid' : 'soft'}
                      onClick={() => {
                        setFrom(preset.from ?? '')
                        setTo(preset.to ?? '')
                      }}
                    >
                      {preset.label.replace(/ \(.*\)$/, '')}
                    </Button>
                  ))}
                </Flex>
                <Flex gap="3">
                  <label style={{ flex: 1 }}>
                    <Text size="1" color="gray">
                      First month
                    </Text>
                    <TextField.Root type="month" aria-label="First month" value={from} onChange={(event) => setFrom(event.target.value)} />
                    {form.fieldErrors.from && (
                      <Text size="1" color="red">
                        {form.fieldErrors.from}
                      </Text>
                    )}
                  </label>
                  <label style={{ flex: 1 }}>
                    <Text size="1" color="gray">
                      Last month
                    </Text>
                    <TextField.Root type="month" aria-label="Last month" value={to} onChange={(event) => setTo(event.target.value)} />
                    {form.fieldErrors.to && (
                      <Text size="1" color="red">
                        {form.fieldErrors.to}
                      </Text>
                    )}
                  </label>
                </Flex>
                <Text size="1" color="gray">
                  Leave both empty for all time.
                </Text>
              </Box>
              {needsAccount && (
                <Box>
                  <Text as="div" size="2" weight="medium" mb="1">
                    Account
                  </Text>
                  <Flex align="center" gap="2">
                    <Text size="2" color={account ? undefined : 'gray'}>
                      {account ? `${account.displayName} (${account.email})` : 'No account chosen'}
                    </Text>
                    <Button type="button" size="1" variant="soft" onClick={() => setPicking(true)}>
                      {account ? 'Change' : 'Choose account…'}
                    </Button>
                  </Flex>
                  {form.fieldErrors.userId && (
                    <Text size="1" color="red">
                      {form.fieldErrors.userId}
                    </Text>
                  )}
                </Box>
              )}
              {needsRelease && (
                <Box>
                  <Text as="div" size="2" weight="medium" mb="1">
                    Release
                  </Text>
                  <ReleasePicker value={release} onChange={setRelease} />
                  {form.fieldErrors.releaseId && (
                    <Text size="1" color="red">
                      {form.fieldErrors.releaseId}
                    </Text>
                  )}
                </Box>
              )}
              {form.formError && (
                <Callout.Root color="red" role="alert">
                  <Callout.Text>{form.formError}</Callout.Text>
                </Callout.Root>
              )}
              <Flex justify="end" gap="2">
                <Dialog.Close>
                  <Button type="button" variant="soft" color="gray">
                    Cancel
                  </Button>
                </Dialog.Close>
                <Button type="submit" loading={form.submitting} disabled={missing}>
                  Request
                </Button>
              </Flex>
            </Flex>
          </form>
        </Dialog.Content>
      </Dialog.Root>
      <UserPickerDialog
        open={picking}
        onOpenChange={setPicking}
        ownersOnly
        title="Choose the account"
        onSelect={(user) => {
          setAccount(user)
          setPicking(false)
        }}
      />
    </>
  )
}
