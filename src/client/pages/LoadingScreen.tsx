import { Flex, Spinner, Text } from '@radix-ui/themes'

export function LoadingScreen({ label = 'Loading…' }: { label?: string }) {
  return (
    <Flex align="center" justify="center" direction="column" gap="3" style={{ minHeight: '60vh' }} role="status" aria-live="polite">
      <Spinner size="3" />
      <Text color="gray" size="2">
        {label}
      </Text>
    </Flex>
  )
}
