import { useEffect, useState } from 'react'
import { useSelector } from '@xstate/react'
import { Box, Button, Callout, Dialog, Flex, Heading, Skeleton, Text } from '@radix-ui/themes'
import { CheckIcon, ExclamationTriangleIcon, InfoCircledIcon, RocketIcon } from '@radix-ui/react-icons'
import type { Me } from '@contract/auth'
import type { InitialSettings, MailSettings } from '@contract/site'
import { fullDate } from '@core/time'
import { api } from '@client/api'
import { useSession } from '@client/state/session'
import { useLoad } from '@client/state/useLoad'
import { Field } from '@client/ui/Field'
import { showNotice } from '@client/ui/notices/notices'
import { WIZARD_STEPS, stepComplete, type StepPayload, type WizardStep } from '@machines/setup-wizard/setup-wizard.machine'
import { AgreementText } from './AgreementText'
import { MailFields } from './MailFields'
import { SignatureField } from './SignatureField'
import { draftFrom, smtpProblems, toSmtpInput, type MailDraft, type SmtpDraft } from './mail-draft'
import { loadFailureText, supportEmailProblem } from './site-ui'
import { wizardFor, type WizardActor } from './wizard-store'

/** Mounted by the shell (registerOverlay): the operator's first-run setup, when the rules open it. */
export default function SetupWizardOverlay() {
  const { me } = useSession()
  if (!me) return null
  return <SetupWizard me={me} actor={wizardFor(`${me.tenant.id}:${me.account.id}:${me.session.id}`)} />
}

const fetchMail = (_key: string, signal: AbortSignal) => api.call('site.mail', undefined, { signal })

export function SetupWizard({ me, actor }: { me: Me; actor: WizardActor }) {
  const { isOperator, hasInit, initDeferred } = me.account
  useEffect(() => {
    actor.send({ type: 'START', account: { isOperator, hasInit, initDeferred } })
  }, [actor, isOperator, hasInit, initDeferred])

  const open = useSelector(actor, (snapshot) => snapshot.matches('open'))
  const failed = useSelector(actor, (snapshot) => (snapshot.matches('failed') ? snapshot.context.error : null))
  useEffect(() => {
    if (failed) showNotice(failed, { tone: 'error', ms: 8000 })
  }, [failed])

  return (
    <Dialog.Root open={open}>
      <Dialog.Content
        maxWidth="800px"
        aria-describedby={undefined}
        // The setup is left only with Later or Complete: clicking outside or Escape does not dismiss it.
        onPointerDownOutside={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
        onEscapeKeyDown={(event) => event.preventDefault()}
      >
        {open && <WizardBody me={me} actor={actor} />}
      </Dialog.Content>
    </Dialog.Root>
  )
}

function WizardBody({ me, actor }: { me: Me; actor: WizardActor }) {
  const step = useSelector(actor, (snapshot) => snapshot.context.step)
  const settings = useSelector(actor, (snapshot) => snapshot.context.settings) as InitialSettings
  const error = useSelector(actor, (snapshot) => snapshot.context.error)
  const busy = useSelector(actor, (snapshot) => !snapshot.matches({ open: 'editing' }))
  const submitting = useSelector(actor, (snapshot) => snapshot.matches({ open: 'submitting' }) || snapshot.matches({ open: 'completing' }))
  const deferring = useSelector(actor, (snapshot) => snapshot.matches({ open: 'deferring' }))

  const [signature, setSignature] = useState<string | null>(null)
  const [mail, setMail] = useState<{ draft: MailDraft; saved: MailSettings } | null>(null)
  const [mailErrors, setMailErrors] = useState<Partial<Record<keyof SmtpDraft, string>>>({})
  const [supportEmail, setSupportEmail] = useState(settings.support_email ?? '')
  const [supportError, setSupportError] = useState<string | undefined>()

  const go = (target: WizardStep) => actor.send({ type: 'GOTO', step: target })

  const handleContinue = () => {
    if (step === 0) return actor.send({ type: 'GET_STARTED' })
    if (step === 4) return actor.send({ type: 'CONTINUE' })
    let payload: StepPayload
    if (step === 1) payload = { step: 1, signature }
    else if (step === 2) {
      if (!mail) return
      if (mail.draft.type === 'smtp') {
        const problems = smtpProblems(mail.draft.smtp, mail.saved.smtp?.passwordSet ?? false)
        setMailErrors(problems)
        if (Object.keys(problems).length) return
        payload = { step: 2, mail: { type: 'smtp', smtp: toSmtpInput(mail.draft.smtp) } }
      } else payload = { step: 2, mail: { type: 'default' } }
    } else {
      const problem = supportEmailProblem(supportEmail)
      setSupportError(problem ?? undefined)
      if (problem) return
      payload = { step: 3, supportEmail: supportEmail.trim() }
    }
    actor.send({ type: 'CONTINUE', payload })
  }

  return (
    <Flex direction="column" gap="4">
      <Box>
        <Dialog.Title mb="1">Set up {me.tenant.name}</Dialog.Title>
        <Text size="2" color="gray">
          A few steps before your workspace is ready. You can move between them freely.
        </Text>
      </Box>
      <nav aria-label="Setup steps">
        <Flex asChild gap="2" wrap="wrap" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          <ol>
            {WIZARD_STEPS.map((label, index) => {
              const done = stepComplete(settings, index as WizardStep)
              return (
                <li key={label}>
                  <Button
                    type="button"
                    size="1"
                    variant={index === step ? 'solid' : 'soft'}
                    color={index === step ? undefined : 'gray'}
                    aria-current={index === step ? 'step' : undefined}
                    aria-label={`Step ${index + 1}: ${label}${done ? ', done' : ''}`}
                    disabled={busy}
                    onClick={() => go(index as WizardStep)}
                  >
                    {done ? <CheckIcon /> : `${index + 1}.`} {label}
                  </Button>
                </li>
              )
            })}
          </ol>
        </Flex>
      </nav>
      {error && (
        <Callout.Root color="red" role="alert">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>{error}</Callout.Text>
        </Callout.Root>
      )}
      <Box style={{ maxHeight: '60vh', overflowY: 'auto', paddingRight: 4 }}>
        {step === 0 && <WelcomeStep name={me.tenant.name} />}
        {step === 1 && <AgreementStep settings={settings} onSignature={setSignature} disabled={busy} />}
        {step === 2 && (
          <MailStep
            me={me}
            settings={settings}
            mail={mail}
            onMail={setMail}
            errors={mailErrors}
            onRecords={(records) => actor.send({ type: 'RECORDS_UPDATED', records })}
            disabled={busy}
          />
        )}
        {step === 3 && (
          <Flex direction="column" gap="3">
            <Heading as="h2" size="4">
              Support Settings
            </Heading>
            <Text size="2" color="gray">
              Where your artists and labels write when they need help.
            </Text>
            <Field
              label="Support email"
              type="email"
              value={supportEmail}
              onValueChange={(value) => (setSupportEmail(value), setSupportError(undefined))}
              error={supportError}
              disabled={busy}
              onKeyDown={(event) => event.key === 'Enter' && (event.preventDefault(), handleContinue())}
            />
          </Flex>
        )}
        {step === 4 && (
          <Flex direction="column" align="center" gap="3" py="5">
            <RocketIcon width={32} height={32} />
            <Heading as="h2" size="5">
              You&apos;re all set
            </Heading>
            <Text size="2" color="gray" align="center">
              Your workspace is configured. Complete the setup to start working.
            </Text>
          </Flex>
        )}
      </Box>
      <Flex justify="between" align="center" gap="3">
        <Button
          type="button"
          variant="ghost"
          color="gray"
          onClick={() => actor.send({ type: 'LATER' })}
          loading={deferring}
          disabled={busy}
        >
          Later
        </Button>
        <Button type="button" onClick={handleContinue} loading={submitting} disabled={busy}>
          {step === 0 ? 'Get Started' : step === 4 ? 'Complete' : 'Continue'}
        </Button>
      </Flex>
    </Flex>
  )
}

function WelcomeStep({ name }: { name: string }) {
  return (
    <Flex direction="column" gap="2" py="3">
      <Heading as="h2" size="5">
        Welcome to {name}
      </Heading>
      <Text as="p" size="2">
        Before your workspace goes live: sign the White Label B2B agreement, choose how your mail is sent, and tell your users where to find
        support.
      </Text>
    </Flex>
  )
}

function AgreementStep({
  settings,
  onSignature,
  disabled,
}: {
  settings: InitialSettings
  onSignature(value: string | null): void
  disabled: boolean
}) {
  const signed = settings.agreements.find((agreement) => agreement.type === 'initial')
  return (
    <Flex direction="column" gap="3">
      <Heading as="h2" size="4">
        Agreement
      </Heading>
      <AgreementText />
      <Callout.Root color="blue" role="note">
        <Callout.Icon>
          <InfoCircledIcon />
        </Callout.Icon>
        <Callout.Text>
          {signed
            ? `Signed${signed.signed_by ? ` by ${signed.signed_by}` : ''} on ${fullDate(signed.signed_at)}. Sign again below only to replace that signature.`
            : 'Please read the agreement and sign below to accept it.'}
        </Callout.Text>
      </Callout.Root>
      <SignatureField onChange={onSignature} disabled={disabled} />
    </Flex>
  )
}

function MailStep({
  me,
  settings,
  mail,
  onMail,
  errors,
  onRecords,
  disabled,
}: {
  me: Me
  settings: InitialSettings
  mail: { draft: MailDraft; saved: MailSettings } | null
  onMail(mail: { draft: MailDraft; saved: MailSettings }): void
  errors: Partial<Record<keyof SmtpDraft, string>>
  onRecords(records: InitialSettings['default_dns_records']): void
  disabled: boolean
}) {
  const loaded = useLoad(fetchMail, 'mail')
  useEffect(() => {
    if (loaded.data && !mail) onMail({ draft: draftFrom(loaded.data), saved: loaded.data })
  }, [loaded.data, mail, onMail])
  return (
    <Flex direction="column" gap="3">
      <Heading as="h2" size="4">
        Mail Configuration
      </Heading>
      {loaded.status === 'error' && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{loadFailureText(loaded.error)}</Callout.Text>
        </Callout.Root>
      )}
      {mail ? (
        <MailFields
          draft={mail.draft}
          onChange={(draft) => onMail({ ...mail, draft })}
          errors={errors}
          records={settings.default_dns_records}
          onRecords={(records) => onRecords({ sending: records.sending, receiving: records.receiving })}
          passwordSet={mail.saved.smtp?.passwordSet ?? false}
          testTo={me.account.email}
          disabled={disabled}
        />
      ) : (
        loaded.status !== 'error' && <Skeleton height="160px" />
      )}
    </Flex>
  )
}
