import { useEffect, useState } from 'react'
import { Button, Callout, Card, Flex, Heading, Skeleton } from '@radix-ui/themes'
import type { MailSettings } from '@contract/site'
import { api, ApiError } from '@client/api'
import { useSession } from '@client/state/session'
import { useLoad } from '@client/state/useLoad'
import { showNotice } from '@client/ui/notices/notices'
import { MailFields } from './MailFields'
import { draftErrors, draftFrom, smtpProblems, toSmtpInput, type MailDraft, type SmtpDraft } from './mail-draft'
import { failureText, loadFailureText } from './site-ui'

const fetchMail = (_key: string, signal: AbortSignal) => api.call('site.mail', undefined, { signal })

/** Mail on the site settings screen: the same fields as the wizard's mail step, saved with their own button. */
export function MailSettingsPanel() {
  const { me } = useSession()
  const loaded = useLoad(fetchMail, 'mail')
  const [saved, setSaved] = useState<MailSettings | null>(null)
  const [draft, setDraft] = useState<MailDraft | null>(null)
  const [errors, setErrors] = useState<Partial<Record<keyof SmtpDraft, string>>>({})
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    if (loaded.data && !saved) {
      setSaved(loaded.data)
      setDraft(draftFrom(loaded.data))
    }
  }, [loaded.data, saved])

  if (loaded.status === 'error') {
    return (
      <Callout.Root color="red" role="alert">
        <Callout.Text>{loadFailureText(loaded.error)}</Callout.Text>
      </Callout.Root>
    )
  }
  if (!saved || !draft) return <Skeleton height="240px" />

  const handleSave = async () => {
    setError(null)
    let body: { type: 'default' } | { type: 'smtp'; smtp: ReturnType<typeof toSmtpInput> }
    if (draft.type === 'smtp') {
      const problems = smtpProblems(draft.smtp, saved.smtp?.passwordSet ?? false)
      setErrors(problems)
      if (Object.keys(problems).length) return
      body = { type: 'smtp', smtp: toSmtpInput(draft.smtp) }
    } else {
      // Spec: the default option cannot be submitted while no sending records exist; silently blocked.
      if (saved.dnsRecords.sending.length === 0) return
      body = { type: 'default' }
    }
    setSaving(true)
    try {
      const answer = await api.call('site.saveMail', { body })
      setSaved(answer)
      setDraft({ ...draftFrom(answer), type: answer.type })
      showNotice('Mail settings saved.', { tone: 'success' })
    } catch (caught) {
      setError(failureText(caught))
      if (caught instanceof ApiError) setErrors(draftErrors(caught.errors))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Card size="3">
      <Flex direction="column" gap="4">
        <Heading as="h2" size="4">
          Mail
        </Heading>
        {error && (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{error}</Callout.Text>
          </Callout.Root>
        )}
        <MailFields
          draft={draft}
          onChange={setDraft}
          errors={errors}
          records={saved.dnsRecords}
          onRecords={(records) => setSaved({ ...saved, dnsRecords: records })}
          passwordSet={saved.smtp?.passwordSet ?? false}
          testTo={me?.account.email ?? ''}
          disabled={saving}
        />
        <Flex justify="end">
          <Button onClick={() => void handleSave()} loading={saving}>
            Save mail settings
          </Button>
        </Flex>
      </Flex>
    </Card>
  )
}
