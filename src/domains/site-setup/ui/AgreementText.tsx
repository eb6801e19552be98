import { Box, Heading, Text } from '@radix-ui/themes'
import { AGREEMENT_VERSION, agreementParagraphs } from '@core/billing'

const PARAGRAPHS = agreementParagraphs()

/** The White Label B2B agreement, generated from the billing constants, in a box that scrolls (also from the keyboard). */
export function AgreementText({ height = 260 }: { height?: number }) {
  return (
    <Box
      role="region"
      aria-label="White Label B2B agreement"
      tabIndex={0}
      style={{ maxHeight: height, overflowY: 'auto', padding: 16, border: '1px solid var(--gray-a6)', borderRadius: 'var(--radius-2)' }}
    >
      {PARAGRAPHS.map((section) => (
        <Box key={section.heading} mb="3">
          <Heading as="h3" size="3" mb="1">
            {section.heading}
          </Heading>
          {section.body.map((line) => (
            <Text as="p" size="2" key={line} mb="1">
              {line}
            </Text>
          ))}
        </Box>
      ))}
      <Text as="p" size="1" color="gray">
        Version {AGREEMENT_VERSION}
      </Text>
    </Box>
  )
}
