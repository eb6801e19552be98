import { Flex, Skeleton } from '@radix-ui/themes'

/** What the main area shows while a screen's code or first data loads. */
export function MainSkeleton() {
  return (
    <Flex direction="column" gap="4" aria-busy="true" aria-label="Loading">
      <Skeleton height="32px" width="40%" />
      <Skeleton height="18px" width="60%" />
      <Flex direction="column" gap="2" mt="3">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} height="36px" />
        ))}
      </Flex>
    </Flex>
  )
}
