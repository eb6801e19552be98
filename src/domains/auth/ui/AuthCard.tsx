import type { ReactNode } from 'react'
import { Box, Card, Flex, Heading, Text } from '@radix-ui/themes'
import { useSite } from '@client/state/site'

/** The centred card every guest screen uses, under the workspace's name and colours. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  const site = useSite()
  return (
    <Flex direction="column" align="center" justify="center" style={{ minHeight: '100vh', background: 'var(--wl-accent)' }} p="4">
      <Box mb="5">
        <Text size="6" weight="bold" style={{ color: 'var(--wl-navbar-bg)' }}>
          {site.name}
        </Text>
      </Box>
      <Card size="4" style={{ width: '100%', maxWidth: 420 }}>
        <Flex direction="column" gap="4">
          <Box>
            <Heading as="h1" size="6">
              {title}
            </Heading>
            {subtitle && (
              <Text as="p" color="gray" size="2" mt="1">
                {subtitle}
              </Text>
            )}
          </Box>
          {children}
        </Flex>
      </Card>
      <Text size="1" color="gray" mt="4">
        Version {site.version}
      </Text>
    </Flex>
  )
}
