import { useId, useState } from 'react'
import { Button, Dialog, Flex, Select, Text, TextArea } from '@radix-ui/themes'
import { FEEDBACK_SEVERITIES } from '@contract/shell-vocabulary'
import { api } from '../../api'
import { showNotice } from '../notices/notices'

type Severity = (typeof FEEDBACK_SEVERITIES)[number]

export interface FeedbackDialogProps {
  open: boolean
  onOpenChange(open: boolean): void
}

/** Spec: the feedback notice shows for 3 seconds. */
export const FEEDBACK_NOTICE_MS = 3000
const SEVERITY_LABELS: Record<Severity, string> = { info: 'Info', low: 'Low', medium: 'Medium', high: 'High' }

/** The current full route path: what the feedback is about. */
function currentPage(): string {
  return `${window.location.pathname}${window.location.search}` || '/'
}

/**
 * The beta banner's feedback form: message and severity, sent with the page it was opened on.
 * Send does nothing while the message is empty; a failure is silent (spec) and keeps the text.
 */
export function FeedbackDialog({ open, onOpenChange }: FeedbackDialogProps) {
  const messageId = useId()
  const severityId = useId()
  const [message, setMessage] = useState('')
  const [severity, setSeverity] = useState<Severity>('info')
  const [sending, setSending] = useState(false)
  const empty = message.trim() === ''

  const handleSend = async (event?: { preventDefault(): void }) => {
    event?.preventDefault()
    if (empty || sending) return
    setSending(true)
    try {
      await api.call('dashboard.feedback', { body: { message: message.trim(), severity, page: currentPage() } })
      setMessage('')
      setSeverity('info')
      showNotice('Feedback submitted successfully', { tone: 'success', ms: FEEDBACK_NOTICE_MS })
      onOpenChange(false)
    } catch {
      // Silent by design (spec's error catalogue); what was typed stays for another try.
    } finally {
      setSending(false)
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="520px">
        <Dialog.Title>Send feedback</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          Tell us what works, what does not and what you miss. We see the page you are on.
        </Dialog.Description>
        <form onSubmit={handleSend}>
          <Flex direction="column" gap="3">
            <Flex direction="column" gap="1">
              <Text as="label" htmlFor={messageId} size="2" weight="medium">
                Message
              </Text>
              <TextArea
                id={messageId}
                value={message}
                onChange={(event) => setMessage(event.target.value)}
                placeholder="What happened, and what did you expect?"
                rows={6}
                maxLength={5000}
              />
            </Flex>
            <Flex direction="column" gap="1">
              <Text as="label" id={severityId} size="2" weight="medium">
                Severity
              </Text>
              <Select.Root value={severity} onValueChange={(value) => setSeverity(value as Severity)}>
                <Select.Trigger aria-labelledby={severityId} />
                <Select.Content>
                  {FEEDBACK_SEVERITIES.map((value) => (
                    <Select.Item key={value} value={value}>
                      {SEVERITY_LABELS[value]}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
            </Flex>
            <Flex gap="3" justify="end" mt="2">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={empty} loading={sending}>
                Send
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  )
}
