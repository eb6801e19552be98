import { useCallback, useEffect, useId, useState } from 'react'
import { Button, Callout, Card, Flex, Heading, IconButton, Text, TextArea } from '@radix-ui/themes'
import { Cross2Icon, PlusIcon } from '@radix-ui/react-icons'
import type { SupportSettings } from '@contract/support'
import { api } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { useSubmit } from '@client/ui/useSubmit'
import { saveForm } from '@client/ui/run-action'
import { Field, FieldFrame } from '@client/ui/Field'
import { RecordLink } from '@client/ui/RecordLink'
import { MainSkeleton } from '@client/pages/MainSkeleton'

const fetchSettings = (_key: string, signal: AbortSignal) => api.call('support.settings', undefined, { signal })

function LongField({
  label,
  value,
  onValueChange,
  error,
  hint,
}: {
  label: string
  value: string
  onValueChange(value: string): void
  error?: string
  hint?: string
}) {
  const id = useId()
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <TextArea
        id={id}
        value={value}
        rows={3}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
      />
    </FieldFrame>
  )
}

/** /support/setting: the auto-reply, signature, canned replies, business hours, first-response target and auto-close days. */
export default function SupportSettingsScreen() {
  const load = useLoad(fetchSettings, 'settings')
  const [draft, setDraft] = useState<SupportSettings | null>(null)
  useEffect(() => {
    if (load.data) setDraft(load.data)
  }, [load.data])
  const patch = (update: Partial<SupportSettings>) => setDraft((current) => (current ? { ...current, ...update } : current))
  const save = useCallback(
    () =>
      saveForm(
        () => api.call('support.updateSettings', { body: draft! }),
        (result) => result.message,
      ),
    [draft],
  )
  const { submit, submitting, fieldErrors, formError } = useSubmit(save)

  if (load.status === 'error')
    return (
      <Text color="red" m="4" role="alert">
        {load.error?.message}
      </Text>
    )
  if (!draft) return <MainSkeleton />
  const hours = Math.floor(draft.firstResponseMinutes / 60)
  return (
    <form onSubmit={submit} aria-label="Support settings">
      <Flex direction="column" gap="4" p="4" style={{ maxWidth: 760 }}>
        <Heading as="h1" size="6">
          Support settings
        </Heading>
        <Text size="2" color="gray">
          Replies are sent from the workspace&apos;s support address, set in{' '}
          <RecordLink to="/site-settings?tab=2">Site settings</RecordLink>.
        </Text>
        <Card size="2">
          <Flex direction="column" gap="3">
            <LongField
              label="Auto-reply"
              value={draft.autoReply}
              onValueChange={(autoReply) => patch({ autoReply })}
              error={fieldErrors.autoReply}
              hint="Mailed at once when a ticket arrives by email; empty sends nothing."
            />
            <LongField
              label="Signature"
              value={draft.signature}
              onValueChange={(signature) => patch({ signature })}
              error={fieldErrors.signature}
              hint="Added under every reply mailed to a requester."
            />
            <Field
              label="Business hours"
              value={draft.businessHours}
              onValueChange={(businessHours) => patch({ businessHours })}
              error={fieldErrors.businessHours}
              hint="Shown in the auto-reply, e.g. Mon–Fri 9:00–17:00 CET."
            />
            <Flex gap="3" wrap="wrap">
              <Field
                label="First-response target (hours)"
                type="number"
                min={1}
                value={String(hours || 1)}
                onValueChange={(value) => patch({ firstResponseMinutes: Math.max(1, Math.round(Number(value) || 0)) * 60 })}
                error={fieldErrors.firstResponseMinutes}
                hint="Tickets answered later are marked late."
              />
              <Field
                label="Close solved tickets after (days)"
                type="number"
                min={1}
                value={String(draft.autoCloseDays)}
                onValueChange={(value) => patch({ autoCloseDays: Math.round(Number(value) || 0) })}
                error={fieldErrors.autoCloseDays}
              />
            </Flex>
          </Flex>
        </Card>
        <Card size="2">
          <Flex justify="between" align="center" mb="3">
            <Heading as="h2" size="4">
              Canned replies
            </Heading>
            <Button
              type="button"
              variant="soft"
              onClick={() => patch({ cannedReplies: [...draft.cannedReplies, { title: '', text: '' }] })}
            >
              <PlusIcon /> Add a canned reply
            </Button>
          </Flex>
          {draft.cannedReplies.length === 0 && (
            <Text size="2" color="gray">
              None yet. Canned replies are offered in every ticket&apos;s reply box.
            </Text>
          )}
          <Flex direction="column" gap="4">
            {draft.cannedReplies.map((reply, index) => {
              const set = (update: Partial<typeof reply>) =>
                patch({ cannedReplies: draft.cannedReplies.map((entry, at) => (at === index ? { ...entry, ...update } : entry)) })
              return (
                <Flex key={index} gap="2" align="start">
                  <Flex direction="column" gap="2" style={{ flex: 1 }}>
                    <Field
                      label={`Canned reply ${index + 1}: title`}
                      value={reply.title}
                      onValueChange={(title) => set({ title })}
                      error={fieldErrors[`cannedReplies.${index}.title`]}
                    />
                    <LongField
                      label={`Canned reply ${index + 1}: text`}
                      value={reply.text}
                      onValueChange={(text) => set({ text })}
                      error={fieldErrors[`cannedReplies.${index}.text`]}
                    />
                  </Flex>
                  <IconButton
                    type="button"
                    variant="ghost"
                    color="red"
                    aria-label={`Remove canned reply ${index + 1}`}
                    onClick={() => patch({ cannedReplies: draft.cannedReplies.filter((_, at) => at !== index) })}
                  >
                    <Cross2Icon />
                  </IconButton>
                </Flex>
              )
            })}
          </Flex>
        </Card>
        {formError && (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{formError}</Callout.Text>
          </Callout.Root>
        )}
        <Flex>
          <Button type="submit" loading={submitting}>
            Save settings
          </Button>
        </Flex>
      </Flex>
    </form>
  )
}
