import { Flex, Text, TextField } from '@radix-ui/themes'

/** The From and To month inputs of a period picker (YYYY-MM), labelled; `idPrefix` keeps their ids unique. */
export function MonthFields({
  idPrefix,
  from,
  to,
  onFrom,
  onTo,
}: {
  idPrefix: string
  from: string
  to: string
  onFrom(value: string): void
  onTo(value: string): void
}) {
  return (
    <>
      <Flex direction="column" gap="1">
        <Text as="label" size="1" weight="medium" htmlFor={`${idPrefix}-from`}>
          From
        </Text>
        <TextField.Root id={`${idPrefix}-from`} type="month" value={from} onChange={(event) => onFrom(event.target.value)} />
      </Flex>
      <Flex direction="column" gap="1">
        <Text as="label" size="1" weight="medium" htmlFor={`${idPrefix}-to`}>
          To
        </Text>
        <TextField.Root id={`${idPrefix}-to`} type="month" value={to} onChange={(event) => onTo(event.target.value)} />
      </Flex>
    </>
  )
}
