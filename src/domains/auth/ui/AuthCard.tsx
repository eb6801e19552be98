import type { ReactNode } from 'react'
import { Box, Card, Flex, Heading, Text } from '@radix-ui/themes'
import { useSite } from '@client/state/site'
import { useShell } from '@client/shell/ui-state'

/** The workspace's logo for the current appearance (the dark-mode one in dark mode when there is one), else its name. */
function Brand() {
  const site = useSite()
  const { darkMode } = useShell()
  const logo = (darkMode ? site.darkLogo : null) ?? site.logo
  if (!logo) {
    return (
      <Text size="6" weight="bold" style={{ color: 'var(--wl-navbar-bg)' }}>
        {site.name}
      </Text>
    )
  }
  // Shown as saved in logo settings: its dimensions when known, else the logo size as its height.
  const height = logo.height ?? site.logoSize
  return <img src={logo.url} alt={site.name} style={{ height, width: logo.width ?? 'auto', maxWidth: '80vw', objectFit: 'contain' }} />
}

/**
 * The centred card every guest screen uses, under the workspace's logo and colours. `aside` (the
 * sign-in page's featured artists) sits beside the card on wide screens and above it on narrow ones.
 */
export function AuthCard({
  title,
  subtitle,
  children,
  aside,
}: {
  title: string
  subtitle?: ReactNode
  children: ReactNode
  aside?: ReactNode
}) {
  const site = useSite()
  return (
    <Flex direction="column" align="center" justify="center" style={{ minHeight: '100vh', background: 'var(--wl-accent)' }} p="4">
      <Box mb="5">
        <Brand />
      </Box>
      <Flex gap="6" align="center" justify="center" wrap="wrap" style={{ width: '100%', maxWidth: aside ? 1080 : 420 }}>
        {aside && (
          <Flex justify="center" style={{ flex: '1 1 360px', minWidth: 0 }}>
            {aside}
          </Flex>
        )}
        <Card size="4" style={{ width: '100%', maxWidth: 420, flex: aside ? '0 1 420px' : undefined }}>
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
      </Flex>
      <Text size="1" color="gray" mt="4">
        Version {site.version}
      </Text>
    </Flex>
  )
}
