import { Callout } from '@radix-ui/themes'

/** The form-level message: an error in red, otherwise a notice in blue. */
export function FormAlert({ error, notice }: { error?: string | null; notice?: string | null }) {
  if (error) {
    return (
      <Callout.Root color="red" role="alert">
        <Callout.Text>{error}</Callout.Text>
      </Callout.Root>
    )
  }
  if (notice) {
    return (
      <Callout.Root color="blue" role="status">
        <Callout.Text>{notice}</Callout.Text>
      </Callout.Root>
    )
  }
  return null
}
