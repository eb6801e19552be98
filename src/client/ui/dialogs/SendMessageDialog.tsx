import { useId, useRef, useState } from 'react'
import { Button, Callout, Dialog, Flex, IconButton, Text, TextArea } from '@radix-ui/themes'
import { Cross2Icon, ExclamationTriangleIcon, FileIcon } from '@radix-ui/react-icons'
import { MAX_MESSAGE_ATTACHMENT_BYTES } from '@contract/shell-vocabulary'
import { api, ApiError } from '../../api'
import { Field } from '../Field'
import { showNotice } from '../notices/notices'

export interface SendMessageDialogProps {
  open: boolean
  onOpenChange(open: boolean): void
  /** Staff writing to an account (email and notification); without it the message goes to the help center. */
  recipient?: { id: number; name: string } | null
  /** After a message went out (the shell refreshes what is on screen). */
  onSent?(): void
}

export const MESSAGE_SENT = 'Message sent successfully. Check your help center for updates.'
export const MESSAGE_FAILED = 'Something went wrong, try refreshing the site and try again.'
const ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png'
const LIMIT_MB = Math.round(MAX_MESSAGE_ATTACHMENT_BYTES / 1024 / 1024)

interface Attachment {
  name: string
  dataUrl: string
}

type Errors = Partial<Record<'subject' | 'message' | 'file', string>>

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('Unreadable file')))
    reader.onerror = () => reject(reader.error ?? new Error('Unreadable file'))
    reader.readAsDataURL(file)
  })
}

/** Server field names ("file.dataUrl") folded onto the form's three fields. */
function fieldErrorsOf(error: ApiError): Errors {
  const errors: Errors = {}
  for (const [key, message] of Object.entries(error.errors)) {
    const field = key.split('.')[0]
    if (field === 'subject' || field === 'message' || field === 'file') errors[field] ??= message
  }
  return errors
}

/**
 * The toolbar's message to the help center: subject, message and an optional PDF, JPG or PNG
 * (read as a data URL). A failure is shown in the dialog and keeps everything typed.
 */
export function SendMessageDialog({ open, onOpenChange, recipient = null, onSent }: SendMessageDialogProps) {
  const messageId = useId()
  const fileId = useId()
  const fileInput = useRef<HTMLInputElement>(null)
  const [subject, setSubject] = useState('')
  const [message, setMessage] = useState('')
  const [attachment, setAttachment] = useState<Attachment | null>(null)
  const [reading, setReading] = useState(false)
  const [errors, setErrors] = useState<Errors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [sending, setSending] = useState(false)

  const reset = () => {
    setSubject('')
    setMessage('')
    setAttachment(null)
    setErrors({})
    setFailure(null)
    if (fileInput.current) fileInput.current.value = ''
  }

  const handleFile = async (file: File | undefined) => {
    setErrors((current) => ({ ...current, file: undefined }))
    setAttachment(null)
    if (!file) return
    if (file.size === 0) return setErrors((current) => ({ ...current, file: 'The file is empty.' }))
    if (file.size > MAX_MESSAGE_ATTACHMENT_BYTES) {
      return setErrors((current) => ({ ...current, file: `The file is larger than ${LIMIT_MB} MB.` }))
    }
    setReading(true)
    try {
      setAttachment({ name: file.name, dataUrl: await readAsDataUrl(file) })
    } catch {
      setErrors((current) => ({ ...current, file: 'The attachment could not be read' }))
    } finally {
      setReading(false)
    }
  }

  const removeAttachment = () => {
    setAttachment(null)
    setErrors((current) => ({ ...current, file: undefined }))
    if (fileInput.current) fileInput.current.value = ''
  }

  const handleSubmit = async (event: { preventDefault(): void }) => {
    event.preventDefault()
    if (sending || reading) return
    const found: Errors = {}
    if (!subject.trim()) found.subject = 'Title is required'
    if (!message.trim()) found.message = 'Message is required'
    if (errors.file) found.file = errors.file
    setErrors(found)
    setFailure(null)
    if (Object.keys(found).length) return
    setSending(true)
    try {
      const body = { subject: subject.trim(), message: message.trim(), ...(attachment ? { file: attachment } : {}) }
      const answer = recipient
        ? await api.call('users.message', { body: { ...body, userId: recipient.id } })
        : await api.call('helpCenter.sendMessage', { body })
      reset()
      showNotice(answer.message || MESSAGE_SENT, { tone: 'success' })
      onSent?.()
      onOpenChange(false)
    } catch (error) {
      const fields = error instanceof ApiError ? fieldErrorsOf(error) : {}
      setErrors(fields)
      setFailure(Object.keys(fields).length ? null : MESSAGE_FAILED)
    } finally {
      setSending(false)
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="560px">
        <Dialog.Title>{recipient ? `Send ${recipient.name} a message` : 'Send a message'}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {recipient
            ? 'It is emailed to them and shown in their notifications; an attachment joins their documents.'
            : 'Our support team answers in your help center.'}
        </Dialog.Description>
        <form onSubmit={handleSubmit} noValidate>
          <Flex direction="column" gap="3">
            {failure && (
              <Callout.Root color="red" role="alert">
                <Callout.Icon>
                  <ExclamationTriangleIcon />
                </Callout.Icon>
                <Callout.Text>{failure}</Callout.Text>
              </Callout.Root>
            )}
            <Field label="Subject" value={subject} onValueChange={setSubject} error={errors.subject} maxLength={200} size="2" />
            <Flex direction="column" gap="1">
              <Text as="label" htmlFor={messageId} size="2" weight="medium">
                Message
              </Text>
              <TextArea
                id={messageId}
                value={message}
                onChange={(event) => setMessage(event.target.value)}
                rows={6}
                maxLength={10_000}
                aria-invalid={errors.message ? true : undefined}
                aria-describedby={errors.message ? `${messageId}-error` : undefined}
                color={errors.message ? 'red' : undefined}
              />
              {errors.message && (
                <Text id={`${messageId}-error`} size="1" color="red" role="alert">
                  {errors.message}
                </Text>
              )}
            </Flex>
            <Flex direction="column" gap="1">
              <Text as="label" htmlFor={fileId} size="2" weight="medium">
                Attachment (optional)
              </Text>
              <input
                ref={fileInput}
                id={fileId}
                type="file"
                accept={ACCEPT}
                aria-invalid={errors.file ? true : undefined}
                aria-describedby={errors.file ? `${fileId}-error` : `${fileId}-hint`}
                onChange={(event) => void handleFile(event.target.files?.[0])}
              />
              {attachment && (
                <Flex align="center" gap="2">
                  <FileIcon />
                  <Text size="2">{attachment.name}</Text>
                  <IconButton
                    type="button"
                    size="1"
                    variant="ghost"
                    color="gray"
                    aria-label={`Remove ${attachment.name}`}
                    onClick={removeAttachment}
                  >
                    <Cross2Icon />
                  </IconButton>
                </Flex>
              )}
              {errors.file ? (
                <Text id={`${fileId}-error`} size="1" color="red" role="alert">
                  {errors.file}
                </Text>
              ) : (
                <Text id={`${fileId}-hint`} size="1" color="gray">
                  {reading ? 'Reading the file…' : `PDF, JPG or PNG, up to ${LIMIT_MB} MB.`}
                </Text>
              )}
            </Flex>
            <Flex gap="3" justify="end" mt="2">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={sending} disabled={reading}>
                Send
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  )
}
