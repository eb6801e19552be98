import type { ReactNode } from 'react'
import { Avatar, Box, Button, Callout, DropdownMenu, Flex, Text } from '@radix-ui/themes'
import { api } from '../api'
import { sessionActor, useSession } from '../state/session'
import { Link } from '../routing/Link'

/** The signed-in frame: navbar with the workspace name and the account menu. */
export function AppFrame({ children }: { children: ReactNode }) {
  const { me } = useSession()
  if (!me) return null
  const handleSignOut = () => sessionActor.send({ type: 'LOGOUT' })
  const handleBack = async () => {
    const original = await api.call('auth.continueAsCollaborator', { body: {} })
    sessionActor.send({ type: 'ME_UPDATED', me: original })
  }
  return (
    <Flex direction="column" style={{ minHeight: '100vh' }}>
      <Flex
        asChild
        align="center"
        justify="between"
        px="4"
        style={{ height: 56, background: 'var(--wl-navbar-bg)', color: 'var(--wl-navbar-text)' }}
      >
        <header>
          <Link to="/dashboard" style={{ color: 'inherit', textDecoration: 'none', fontWeight: 700, fontSize: 18 }}>
            {me.tenant.name}
          </Link>
          <DropdownMenu.Root>
            <DropdownMenu.Trigger>
              <Button variant="ghost" style={{ color: 'inherit' }} aria-label="Account menu">
                <Avatar size="1" fallback={me.account.initials || '?'} radius="full" />
                <Text size="2">{me.account.displayName}</Text>
                <DropdownMenu.TriggerIcon />
              </Button>
            </DropdownMenu.Trigger>
            <DropdownMenu.Content align="end">
              <DropdownMenu.Label>{me.account.email}</DropdownMenu.Label>
              <DropdownMenu.Separator />
              <DropdownMenu.Item onSelect={handleSignOut}>Sign out</DropdownMenu.Item>
            </DropdownMenu.Content>
          </DropdownMenu.Root>
        </header>
      </Flex>
      {me.actingAs && (
        <Callout.Root color="orange" style={{ borderRadius: 0 }}>
          <Callout.Text>
            You are continuing as {me.account.displayName}.{' '}
            <Button size="1" variant="soft" color="orange" onClick={handleBack}>
              Back to {me.actingAs.originalDisplayName}
            </Button>
          </Callout.Text>
        </Callout.Root>
      )}
      <Box asChild p="5" style={{ flex: 1 }}>
        <main>{children}</main>
      </Box>
    </Flex>
  )
}
