import { Badge, Button, Flex, Text } from '@radix-ui/themes'
import { shellActions } from './ui-state'

/** The beta banner: version label (from the build) and the way to send feedback. */
export function Banner() {
  return (
    <Flex align="center" justify="center" gap="3" px="3" className="wl-banner" role="region" aria-label="Beta">
      <Badge color="amber" variant="solid" radius="full">
        Beta
      </Badge>
      <Text size="1">Version {__APP_VERSION__}</Text>
      <Button size="1" variant="soft" onClick={() => shellActions.open('feedback')}>
        Send Feedback
      </Button>
    </Flex>
  )
}
