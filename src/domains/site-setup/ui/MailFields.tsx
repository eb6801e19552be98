import { useId, useState } from 'react'
import { Badge, Box, Button, Callout, Code, Flex, Grid, IconButton, RadioGroup, Select, Table, Text, Tooltip } from '@radix-ui/themes'
import { CheckCircledIcon, CopyIcon, ExclamationTriangleIcon, InfoCircledIcon, PaperPlaneIcon, ReloadIcon } from '@radix-ui/react-icons'
import { SMTP_ENCRYPTIONS, SMTP_ENCRYPTION_LABELS, type DnsRecord, type DnsRecordSet } from '@contract/site'
import { api } from '@client/api'
import { Field } from '@client/ui/Field'
import { copyToClipboard } from '@client/ui/notices/notices'
import { DNS_WARNING, MAIL_OPTIONS, recordVerified, toSmtpInput, type MailDraft, type SmtpDraft } from './mail-draft'
import { failureText, supportEmailProblem } from './site-ui'

export interface MailFieldsProps {
  draft: MailDraft
  onChange(draft: MailDraft): void
  errors: Partial<Record<keyof SmtpDraft, string>>
  records: { sending: DnsRecord[]; receiving: DnsRecord[] }
  /** Generating or verifying answered a new list. */
  onRecords(records: DnsRecordSet): void
  /** A password is saved: an empty field keeps it. */
  passwordSet: boolean
  /** Where the test email goes unless another address is typed. */
  testTo: string
  disabled?: boolean
}

/**
 * How the workspace sends mail: the default SMTP with its DNS records (generate, then verify), or
 * its own server with a test send. Used by the setup wizard's mail step and by site settings.
 */
export function MailFields({ draft, onChange, errors, records, onRecords, passwordSet, testTo, disabled }: MailFieldsProps) {
  const optionLabel = useId()
  const setSmtp = (patch: Partial<SmtpDraft>) => onChange({ ...draft, smtp: { ...draft.smtp, ...patch } })
  return (
    <Flex direction="column" gap="4">
      <Flex direction="column" gap="2">
        <Text as="div" size="2" weight="medium" id={optionLabel}>
          How should the workspace send mail?
        </Text>
        <RadioGroup.Root
          value={draft.type}
          onValueChange={(value) => onChange({ ...draft, type: value as MailDraft['type'] })}
          aria-labelledby={optionLabel}
          disabled={disabled}
        >
          {MAIL_OPTIONS.map((option) => (
            <RadioGroup.Item key={option.value} value={option.value}>
              {option.label}
            </RadioGroup.Item>
          ))}
        </RadioGroup.Root>
      </Flex>
      {draft.type === 'default' ? (
        <DefaultSmtp draft={draft} onChange={onChange} records={records} onRecords={onRecords} disabled={disabled} />
      ) : (
        <OwnSmtp draft={draft.smtp} onChange={setSmtp} errors={errors} passwordSet={passwordSet} testTo={testTo} disabled={disabled} />
      )}
    </Flex>
  )
}

export const DOMAIN_REQUIRED = 'Enter the domain your workspace sends mail from.'

function DefaultSmtp({
  draft,
  onChange,
  records,
  onRecords,
  disabled,
}: Pick<MailFieldsProps, 'draft' | 'onChange' | 'records' | 'onRecords' | 'disabled'>) {
  const [busy, setBusy] = useState<'generate' | 'verify' | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [domainError, setDomainError] = useState<string | undefined>()
  const missing = records.sending.length === 0 || records.receiving.length === 0
  const exist = records.sending.length > 0 || records.receiving.length > 0

  const run = async (kind: 'generate' | 'verify') => {
    const domain = draft.domain.trim()
    // Nothing to generate records for: say so on the field instead of asking the server.
    if (kind === 'generate' && !domain) {
      setError(null)
      setDomainError(DOMAIN_REQUIRED)
      return
    }
    setBusy(kind)
    setError(null)
    setDomainError(undefined)
    try {
      const answer = kind === 'generate' ? await api.call('site.generateDns', { body: { domain } }) : await api.call('site.verifyDns')
      onRecords(answer)
    } catch (caught) {
      const message = failureText(caught)
      const field = (caught as { errors?: Record<string, string> }).errors?.domain
      if (field) setDomainError(field)
      else setError(message)
    } finally {
      setBusy(null)
    }
  }

  return (
    <Flex direction="column" gap="3">
      <Callout.Root color="orange" role="note">
        <Callout.Icon>
          <ExclamationTriangleIcon />
        </Callout.Icon>
        <Callout.Text>{DNS_WARNING}</Callout.Text>
      </Callout.Root>
      {error && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{error}</Callout.Text>
        </Callout.Root>
      )}
      {missing && (
        <Flex gap="3" align="end" wrap="wrap">
          <Box style={{ flex: 1, minWidth: 220 }}>
            <Field
              label="Sending domain"
              size="2"
              placeholder="mail.example.com"
              value={draft.domain}
              onValueChange={(domain) => onChange({ ...draft, domain })}
              error={domainError}
              hint="The domain your workspace’s mail comes from."
              disabled={disabled}
            />
          </Box>
          <Button type="button" onClick={() => void run('generate')} loading={busy === 'generate'} disabled={disabled || busy !== null}>
            Generate DNS Records
          </Button>
        </Flex>
      )}
      {exist && (
        <>
          <RecordTable title="Sending records" records={records.sending} />
          <RecordTable title="Receiving records" records={records.receiving} />
          <Flex justify="end">
            <Button
              type="button"
              variant="soft"
              onClick={() => void run('verify')}
              loading={busy === 'verify'}
              disabled={disabled || busy !== null}
            >
              <ReloadIcon /> Verify Records
            </Button>
          </Flex>
        </>
      )}
    </Flex>
  )
}

function RecordTable({ title, records }: { title: string; records: DnsRecord[] }) {
  if (records.length === 0) return null
  return (
    <Flex direction="column" gap="1" role="group" aria-label={title}>
      <Text size="2" weight="medium" aria-hidden>
        {title}
      </Text>
      <Table.Root size="1" variant="surface">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Type</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Value</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Priority</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {records.map((record) => (
            <Table.Row key={record.id}>
              <Table.Cell>{record.record_type}</Table.Cell>
              <Table.Cell>
                <Copyable text={record.name} label={`Copy the name of the ${record.record_type} record`} />
              </Table.Cell>
              <Table.Cell style={{ maxWidth: 280 }}>
                <Copyable text={record.value} label={`Copy the value of the ${record.record_type} record ${record.name}`} />
              </Table.Cell>
              <Table.Cell>{record.priority ?? '—'}</Table.Cell>
              <Table.Cell>
                <RecordStatus record={record} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Flex>
  )
}

function Copyable({ text, label }: { text: string; label: string }) {
  return (
    <Flex align="start" gap="1">
      <Code size="1" variant="ghost" style={{ wordBreak: 'break-all' }}>
        {text}
      </Code>
      <Tooltip content="Copy">
        <IconButton type="button" size="1" variant="ghost" color="gray" aria-label={label} onClick={() => void copyToClipboard(text)}>
          <CopyIcon />
        </IconButton>
      </Tooltip>
    </Flex>
  )
}

function RecordStatus({ record }: { record: DnsRecord }) {
  if (recordVerified(record)) {
    return (
      <Badge color="green">
        <CheckCircledIcon /> Verified
      </Badge>
    )
  }
  if (!record.last_checked_at) return <Badge color="gray">Not checked</Badge>
  return <Badge color="orange">{record.is_active ? 'Wrong value' : 'Not found'}</Badge>
}

function OwnSmtp({
  draft,
  onChange,
  errors,
  passwordSet,
  testTo,
  disabled,
}: {
  draft: SmtpDraft
  onChange(patch: Partial<SmtpDraft>): void
  errors: Partial<Record<keyof SmtpDraft, string>>
  passwordSet: boolean
  testTo: string
  disabled?: boolean
}) {
  const encryptionLabel = useId()
  const [to, setTo] = useState(testTo)
  const [testing, setTesting] = useState(false)
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null)

  const handleTest = async () => {
    const problem = supportEmailProblem(to)
    if (problem) return setResult({ ok: false, text: problem })
    setTesting(true)
    setResult(null)
    try {
      const answer = await api.call('site.testSmtp', { body: { to: to.trim(), smtp: toSmtpInput(draft) } })
      setResult({ ok: true, text: `${answer.message} The server answered: ${answer.response}` })
    } catch (error) {
      setResult({ ok: false, text: failureText(error) })
    } finally {
      setTesting(false)
    }
  }

  return (
    <Flex direction="column" gap="3">
      <Grid columns={{ initial: '1', sm: '3' }} gap="3">
        <Box style={{ gridColumn: 'span 2' }}>
          <Field
            label="Host"
            size="2"
            value={draft.host}
            onValueChange={(host) => onChange({ host })}
            error={errors.host}
            disabled={disabled}
          />
        </Box>
        <Field
          label="Port"
          size="2"
          inputMode="numeric"
          value={draft.port}
          onValueChange={(port) => onChange({ port })}
          error={errors.port}
          disabled={disabled}
        />
      </Grid>
      <Grid columns={{ initial: '1', sm: '3' }} gap="3">
        <Flex direction="column" gap="1">
          <Text as="div" size="2" weight="medium" id={encryptionLabel}>
            Encryption
          </Text>
          <Select.Root
            value={draft.encryption}
            onValueChange={(value) => onChange({ encryption: value as SmtpDraft['encryption'] })}
            disabled={disabled}
          >
            <Select.Trigger aria-labelledby={encryptionLabel} />
            <Select.Content>
              {SMTP_ENCRYPTIONS.map((value) => (
                <Select.Item key={value} value={value}>
                  {SMTP_ENCRYPTION_LABELS[value]}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </Flex>
        <Field
          label="Username"
          size="2"
          autoComplete="off"
          value={draft.username}
          onValueChange={(username) => onChange({ username })}
          error={errors.username}
          disabled={disabled}
        />
        <Field
          label="Password"
          size="2"
          type="password"
          autoComplete="new-password"
          placeholder={passwordSet ? 'Saved: leave empty to keep it' : ''}
          value={draft.password}
          onValueChange={(password) => onChange({ password })}
          error={errors.password}
          disabled={disabled}
        />
      </Grid>
      <Grid columns={{ initial: '1', sm: '2' }} gap="3">
        <Field label="From name" size="2" value={draft.fromName} onValueChange={(fromName) => onChange({ fromName })} disabled={disabled} />
        <Field
          label="From address"
          size="2"
          type="email"
          value={draft.fromAddress}
          onValueChange={(fromAddress) => onChange({ fromAddress })}
          error={errors.fromAddress}
          disabled={disabled}
        />
        <Field
          label="Reply-to name"
          size="2"
          value={draft.replyToName}
          onValueChange={(replyToName) => onChange({ replyToName })}
          disabled={disabled}
        />
        <Field
          label="Reply-to address"
          size="2"
          type="email"
          value={draft.replyToAddress}
          onValueChange={(replyToAddress) => onChange({ replyToAddress })}
          error={errors.replyToAddress}
          disabled={disabled}
        />
      </Grid>
      <Flex gap="3" align="end" wrap="wrap">
        <Box style={{ flex: 1, minWidth: 220 }}>
          <Field label="Send a test email to" size="2" type="email" value={to} onValueChange={setTo} disabled={disabled} />
        </Box>
        <Button type="button" variant="soft" onClick={() => void handleTest()} loading={testing} disabled={disabled}>
          <PaperPlaneIcon /> Send test email
        </Button>
      </Flex>
      {result && (
        <Callout.Root color={result.ok ? 'green' : 'red'} role={result.ok ? 'status' : 'alert'}>
          <Callout.Icon>{result.ok ? <CheckCircledIcon /> : <InfoCircledIcon />}</Callout.Icon>
          <Callout.Text>{result.text}</Callout.Text>
        </Callout.Root>
      )}
    </Flex>
  )
}
