import { useCallback, useEffect, useState } from 'react'
import { Button, Dialog, Flex, Grid, Heading, Text } from '@radix-ui/themes'
import type { PayoutSettings } from '@contract/payouts'
import { PAYOUT_PROVIDER_LABELS, PAYOUT_PROVIDERS } from '@core/payout-status'
import { api, ApiError } from '@client/api'
import { Field } from '@client/ui/Field'
import { useSubmit } from '@client/ui/useSubmit'
import { showNotice } from '@client/ui/notices/notices'
import { workspaceActions } from '@client/workspace/store'

const EMPTY: PayoutSettings = {
  minimumWithdrawal: '',
  fees: { paypal: { percent: '', fixed: '', cap: null }, tipalti: { percent: '', fixed: '', cap: null } },
}

/** The minimum withdrawal and each provider's fee (percent + fixed, capped). */
export function PayoutSettingsDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const [values, setValues] = useState<PayoutSettings>(EMPTY)
  const [loadError, setLoadError] = useState<string | null>(null)
  useEffect(() => {
    if (!open) return
    let active = true
    api
      .call('payouts.settings')
      .then((settings) => active && setValues(settings))
      .catch((error: unknown) => active && setLoadError(error instanceof ApiError ? error.message : 'The settings could not be loaded.'))
    return () => {
      active = false
    }
  }, [open])
  const save = useSubmit(
    useCallback(() => api.call('payouts.updateSettings', { body: values }), [values]),
    useCallback(() => {
      showNotice('Payout settings saved. Payouts already requested keep their fee.', { tone: 'success' })
      workspaceActions.refreshData()
      onClose()
    }, [onClose]),
  )
  const setFee = (provider: 'paypal' | 'tipalti', field: 'percent' | 'fixed' | 'cap', value: string) =>
    setValues((current) => ({
      ...current,
      fees: { ...current.fees, [provider]: { ...current.fees[provider], [field]: field === 'cap' && value.trim() === '' ? null : value } },
    }))
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Content maxWidth="520px">
        <Dialog.Title>Payout settings</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          Force withdrawals ignore the minimum. A fee is a percentage of the amount plus a fixed part, capped when a cap is given.
        </Dialog.Description>
        {loadError && (
          <Text color="red" role="alert">
            {loadError}
          </Text>
        )}
        <form onSubmit={save.submit} noValidate aria-label="Payout settings">
          <Flex direction="column" gap="3">
            <Field
              label="Minimum withdrawal (USD)"
              value={values.minimumWithdrawal}
              onValueChange={(value) => setValues((current) => ({ ...current, minimumWithdrawal: value }))}
              error={save.fieldErrors.minimumWithdrawal}
              inputMode="decimal"
            />
            {PAYOUT_PROVIDERS.map((provider) => (
              <Flex key={provider} direction="column" gap="2">
                <Heading as="h3" size="2">
                  {PAYOUT_PROVIDER_LABELS[provider]} fee
                </Heading>
                <Grid columns="3" gap="2">
                  <Field
                    label="Percent"
                    value={values.fees[provider].percent}
                    onValueChange={(value) => setFee(provider, 'percent', value)}
                    error={save.fieldErrors[`fees.${provider}.percent`]}
                    inputMode="decimal"
                  />
                  <Field
                    label="Fixed (USD)"
                    value={values.fees[provider].fixed}
                    onValueChange={(value) => setFee(provider, 'fixed', value)}
                    error={save.fieldErrors[`fees.${provider}.fixed`]}
                    inputMode="decimal"
                  />
                  <Field
                    label="Cap (USD)"
                    placeholder="No cap"
                    value={values.fees[provider].cap ?? ''}
                    onValueChange={(value) => setFee(provider, 'cap', value)}
                    error={save.fieldErrors[`fees.${provider}.cap`]}
                    inputMode="decimal"
                  />
                </Grid>
              </Flex>
            ))}
            {save.formError && (
              <Text size="2" color="red" role="alert">
                {save.formError}
              </Text>
            )}
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={save.submitting}>
                Save
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  )
}
