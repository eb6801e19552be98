import { Callout, Flex, Heading, Text } from '@radix-ui/themes'
import type { ScreenProps } from '@client/routing/types'
import { useSession } from '@client/state/session'
import { useDataVersion } from '@client/state/useDataVersion'
import { SectionTabs, sectionOf } from '@client/ui/SectionTabs'
import { OverviewSection } from './OverviewSection'
import { ImportsSection } from './imports/ImportsSection'
import { UnmatchedSection } from './ledger/UnmatchedSection'
import { RatesSection } from './ledger/RatesSection'

/** The sections of the earnings screen, in order; `?section=` keeps the open one in the address. */
const SECTIONS = [
  { id: 'overview', label: 'Overview' },
  { id: 'imports', label: 'Imports' },
  { id: 'unmatched', label: 'Unmatched lines' },
  { id: 'rates', label: 'Exchange rates' },
] as const

/** /earnings/overview/{page}: the earnings of the workspace; {page} pages the top accounts. */
export default function EarningsScreen({ params, search }: ScreenProps) {
  const { me } = useSession()
  const version = useDataVersion()
  const asked = Number(params.page)
  const page = Number.isInteger(asked) && asked >= 1 ? asked : 1
  const section = sectionOf(SECTIONS, search)
  if (me && me.account.type !== 'admin') {
    return (
      <Callout.Root color="gray" role="status" m="4">
        <Callout.Text>The earnings overview is for admins.</Callout.Text>
      </Callout.Root>
    )
  }
  return (
    <Flex direction="column" gap="4" p="4">
      <div>
        <Heading as="h1" size="7">
          Earnings
        </Heading>
        <Text color="gray" size="2">
          What the stores paid, what the workspace kept and who earned it, from the committed statements.
        </Text>
      </div>
      <SectionTabs sections={SECTIONS} value={section}>
        {section === 'overview' && <OverviewSection page={page} search={search} version={version} />}
        {section === 'imports' && <ImportsSection version={version} />}
        {section === 'unmatched' && <UnmatchedSection version={version} />}
        {section === 'rates' && <RatesSection version={version} />}
      </SectionTabs>
    </Flex>
  )
}
