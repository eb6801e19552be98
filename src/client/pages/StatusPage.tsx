import { Button, Flex, Heading, Text } from '@radix-ui/themes'
import { Link } from '../routing/Link'

interface Props {
  code: string
  title: string
  message: string
  action: { label: string; to: string }
}

/** Not-found and forbidden pages: what happened and one way on. */
export function StatusPage({ code, title, message, action }: Props) {
  return (
    <Flex direction="column" align="center" justify="center" gap="3" style={{ minHeight: '60vh', textAlign: 'center', padding: 24 }}>
      <Text size="8" weight="bold" color="gray" aria-hidden>
        {code}
      </Text>
      <Heading as="h1" size="6">
        {title}
      </Heading>
      <Text color="gray" style={{ maxWidth: 420 }}>
        {message}
      </Text>
      <Button asChild size="3">
        <Link to={action.to}>{action.label}</Link>
      </Button>
    </Flex>
  )
}

export function NotFoundPage({ signedIn }: { signedIn: boolean }) {
  return (
    <StatusPage
      code="404"
      title="Page not found"
      message="There is nothing at this address. It may have moved, or the link may be wrong."
      action={signedIn ? { label: 'Go to the dashboard', to: '/dashboard' } : { label: 'Go to sign in', to: '/login' }}
    />
  )
}

export function ForbiddenPage() {
  return (
    <StatusPage
      code="403"
      title="Admins only"
      message="This page needs an admin account. Ask an administrator of this workspace if you need access."
      action={{ label: 'Go to the dashboard', to: '/dashboard' }}
    />
  )
}
