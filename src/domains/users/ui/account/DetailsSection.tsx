import { useState } from 'react'
import { fitColumns } from '@client/ui/fit-columns'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { Button, Callout, Card, Checkbox, Flex, Grid, Heading, Select, Text } from '@radix-ui/themes'
import type { userDetails } from '@contract/users-admin'
import { COUNTRIES } from '@core/countries'
import { api, ApiError } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { MainSkeleton } from '@client/pages/MainSkeleton'
import { saveForm } from '@client/ui/run-action'
import { FormField, applyServerErrors } from './form-bits'

type Details = z.infer<typeof userDetails>
type Address = Details['personal']['address']

const fetchDetails = (key: string, signal: AbortSignal) =>
  api.call('users.details', { params: { id: Number(key.split(':')[0]) } }, { signal })

/** Payment connections, personal and business details: three forms, each saved on its own. */
export function DetailsSection({ userId, version }: { userId: number; version: number }) {
  const load = useLoad(fetchDetails, `${userId}:${version}`)
  if (load.status !== 'success' || !load.data)
    return load.status === 'error' ? <Text color="red">{load.error?.message}</Text> : <MainSkeleton />
  return (
    <Grid columns={fitColumns(340)} gap="4">
      <PersonalForm userId={userId} initial={load.data.personal} />
      <BusinessForm userId={userId} initial={load.data.business} />
      <PayoutForm userId={userId} initial={load.data.payment} />
    </Grid>
  )
}

/** Submits a form's values, shows the server's field messages in place, or its message on top. */
function useSave<T extends Record<string, unknown>>(setError: (name: never, error: { message: string }) => void) {
  const [problem, setProblem] = useState<string | null>(null)
  const save = async (action: () => Promise<T>, success: string) => {
    setProblem(null)
    try {
      return await saveForm(action, success)
    } catch (error) {
      if (!(error instanceof ApiError)) setProblem('Something went wrong, try refreshing the site and try again.')
      else if (!applyServerErrors(error.errors, '', setError)) setProblem(error.message)
      return null
    }
  }
  return { problem, save }
}

function Problem({ text }: { text: string | null }) {
  if (!text) return null
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Text>{text}</Callout.Text>
    </Callout.Root>
  )
}

function AddressFields({
  prefix,
  register,
  countries,
  setCountry,
  label,
}: {
  prefix: string
  register: ReturnType<typeof useForm>['register']
  countries: string
  setCountry(code: string): void
  label: string
}) {
  return (
    <Flex direction="column" gap="2" role="group" aria-label={label}>
      <Text size="2" weight="bold">
        {label}
      </Text>
      <Grid columns="2" gap="2">
        <FormField label="Line 1" registration={register(`${prefix}.line1`)} />
        <FormField label="Line 2" registration={register(`${prefix}.line2`)} />
        <FormField label="City" registration={register(`${prefix}.city`)} />
        <FormField label="State" registration={register(`${prefix}.state`)} />
        <FormField label="Postcode" registration={register(`${prefix}.postcode`)} />
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" id={`${prefix}-country`}>
            Country
          </Text>
          <Select.Root value={countries || 'none'} onValueChange={(value) => setCountry(value === 'none' ? '' : value)}>
            <Select.Trigger aria-labelledby={`${prefix}-country`} />
            <Select.Content>
              <Select.Item value="none">—</Select.Item>
              {COUNTRIES.map((country) => (
                <Select.Item key={country.code} value={country.code}>
                  {country.name}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </Flex>
      </Grid>
    </Flex>
  )
}

type PersonalValues = Details['personal'] & { flags?: Record<string, boolean> }

function PersonalForm({ userId, initial }: { userId: number; initial: Details['personal'] }) {
  const form = useForm<PersonalValues>({ defaultValues: initial })
  const { register, handleSubmit, formState, setValue, watch, setError } = form
  const { problem, save } = useSave(setError as never)
  const onSubmit = handleSubmit(async (values) => {
    const saved = await save(
      () => api.call('users.editDetails', { body: { userId, ...values, address: values.address as Address } }),
      'Personal details saved.',
    )
    if (saved) form.reset((saved as Details).personal)
  })
  return (
    <Card size="3" asChild>
      <form onSubmit={onSubmit} noValidate aria-label="Personal details">
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4">
            Personal details
          </Heading>
          <Problem text={problem} />
          <Grid columns="2" gap="2">
            <FormField label="First name" registration={register('firstName')} error={formState.errors.firstName} />
            <FormField label="Last name" registration={register('lastName')} error={formState.errors.lastName} />
            <FormField label="Display name" registration={register('displayName')} error={formState.errors.displayName} />
            <FormField label="Citizenship" registration={register('citizenship')} error={formState.errors.citizenship} />
            <FormField label="Nationality" registration={register('nationality')} error={formState.errors.nationality} />
          </Grid>
          <AddressFields
            label="Address"
            prefix="address"
            register={register as never}
            countries={watch('address.country') ?? ''}
            setCountry={(code) => setValue('address.country', code, { shouldDirty: true })}
          />
          <Flex justify="end">
            <Button type="submit" loading={formState.isSubmitting} disabled={!formState.isDirty}>
              Save personal details
            </Button>
          </Flex>
        </Flex>
      </form>
    </Card>
  )
}

function BusinessForm({ userId, initial }: { userId: number; initial: Details['business'] }) {
  const form = useForm<Details['business']>({ defaultValues: initial })
  const { register, handleSubmit, formState, setValue, watch, setError } = form
  const { problem, save } = useSave(setError as never)
  const onSubmit = handleSubmit(async (values) => {
    const saved = await save(() => api.call('users.editBusinessDetails', { body: { userId, ...values } }), 'Business details saved.')
    if (saved) form.reset((saved as Details).business)
  })
  return (
    <Card size="3" asChild>
      <form onSubmit={onSubmit} noValidate aria-label="Business details">
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4">
            Business details
          </Heading>
          <Problem text={problem} />
          <Grid columns="2" gap="2">
            <FormField label="Legal entity" registration={register('legalEntity')} error={formState.errors.legalEntity} />
            <FormField label="Company position" registration={register('companyPosition')} error={formState.errors.companyPosition} />
            <FormField
              label="Representative first name"
              registration={register('representativeFirstName')}
              error={formState.errors.representativeFirstName}
            />
            <FormField
              label="Representative last name"
              registration={register('representativeLastName')}
              error={formState.errors.representativeLastName}
            />
          </Grid>
          <AddressFields
            label="Legal address"
            prefix="legalAddress"
            register={register as never}
            countries={watch('legalAddress.country') ?? ''}
            setCountry={(code) => setValue('legalAddress.country', code, { shouldDirty: true })}
          />
          <AddressFields
            label="Mailing address"
            prefix="mailingAddress"
            register={register as never}
            countries={watch('mailingAddress.country') ?? ''}
            setCountry={(code) => setValue('mailingAddress.country', code, { shouldDirty: true })}
          />
          <Flex justify="end">
            <Button type="submit" loading={formState.isSubmitting} disabled={!formState.isDirty}>
              Save business details
            </Button>
          </Flex>
        </Flex>
      </form>
    </Card>
  )
}

function PayoutForm({ userId, initial }: { userId: number; initial: Details['payment'] }) {
  const form = useForm<Details['payment']>({ defaultValues: initial })
  const { register, handleSubmit, formState, setValue, watch, setError } = form
  const { problem, save } = useSave(setError as never)
  const onSubmit = handleSubmit(async (values) => {
    const saved = await save(
      () =>
        api.call('users.editPayoutMethods', {
          body: {
            userId,
            paypalEmail: values.paypalEmail || null,
            paypalConfirmed: values.paypalConfirmed,
            venmoPhone: values.venmoPhone || null,
            venmoConfirmed: values.venmoConfirmed,
            tipaltiId: values.tipaltiId || null,
          },
        }),
      'Payment connections saved.',
    )
    if (saved) form.reset((saved as Details).payment)
  })
  return (
    <Card size="3" asChild>
      <form onSubmit={onSubmit} noValidate aria-label="Payment connections">
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4">
            Payment connections
          </Heading>
          <Problem text={problem} />
          <FormField label="PayPal email" type="email" registration={register('paypalEmail')} error={formState.errors.paypalEmail} />
          <Text as="label" size="2">
            <Flex gap="2" align="center">
              <Checkbox
                checked={watch('paypalConfirmed')}
                onCheckedChange={(checked) => setValue('paypalConfirmed', checked === true, { shouldDirty: true })}
              />
              PayPal account confirmed
            </Flex>
          </Text>
          <FormField label="Venmo phone" registration={register('venmoPhone')} error={formState.errors.venmoPhone} />
          <Text as="label" size="2">
            <Flex gap="2" align="center">
              <Checkbox
                checked={watch('venmoConfirmed')}
                onCheckedChange={(checked) => setValue('venmoConfirmed', checked === true, { shouldDirty: true })}
              />
              Venmo account confirmed
            </Flex>
          </Text>
          <FormField label="Tipalti id" registration={register('tipaltiId')} error={formState.errors.tipaltiId} />
          <Flex justify="end">
            <Button type="submit" loading={formState.isSubmitting} disabled={!formState.isDirty}>
              Save payment connections
            </Button>
          </Flex>
        </Flex>
      </form>
    </Card>
  )
}
