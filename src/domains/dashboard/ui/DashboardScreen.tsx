import { Flex, Heading, Text } from '@radix-ui/themes'
import { useSession } from '@client/state/session'
import { ActiveSessionsPanel, LoginHistoryPanel } from '@domains/auth/ui/SecurityPanels'
import { TwoFactorPanel } from '@domains/auth/ui/TwoFactorPanel'

/** The landing page after sign-in. Catalogue lists and statistics join it as those areas land. */
export default function DashboardScreen() {
  const { me } = useSession()
  if (!me) return null
  return (
    <Flex direction="column" gap="5" style={{ maxWidth: 1100 }}>
      <div>
        <Heading as="h1" size="7">
          Dashboard
        </Heading>
        <Text color="gray">
          Signed in to {me.tenant.name} as {me.account.displayName} ({me.account.email}).
        </Text>
      </div>
      <TwoFactorPanel />
      <ActiveSessionsPanel />
      <LoginHistoryPanel />
    </Flex>
  )
}
