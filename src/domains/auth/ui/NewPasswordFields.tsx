import { Field } from '@client/ui/Field'

interface Props {
  labels: { password: string; confirmation: string }
  password: string
  confirmation: string
  onPassword(value: string): void
  onConfirmation(value: string): void
  errors: Record<string, string>
  autoFocus?: boolean
}

/** A new password and its repetition, with the server's messages under each. */
export function NewPasswordFields({ labels, password, confirmation, onPassword, onConfirmation, errors, autoFocus }: Props) {
  return (
    <>
      <Field
        label={labels.password}
        type="password"
        name="password"
        autoComplete="new-password"
        autoFocus={autoFocus}
        hint="At least 8 characters."
        value={password}
        onValueChange={onPassword}
        error={errors.password}
      />
      <Field
        label={labels.confirmation}
        type="password"
        name="passwordConfirmation"
        autoComplete="new-password"
        value={confirmation}
        onValueChange={onConfirmation}
        error={errors.passwordConfirmation}
      />
    </>
  )
}
