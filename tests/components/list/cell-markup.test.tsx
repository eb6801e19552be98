import { describe, expect, it } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import { Badge, Text } from '@radix-ui/themes'
import { CellBadge, CellText } from '../../../src/client/ui/list/Cell'

// Cells write Radix Themes' badge and text markup plainly (a page of rows draws hundreds of them): it
// must stay what Radix renders, or a Radix upgrade would change how a list looks without a word.
describe('the cells’ plain badges and texts', () => {
  it('are the markup Radix Themes renders for the same props', () => {
    const pairs = [
      [
        <CellBadge color="green" variant="soft" radius="full">
          Live
        </CellBadge>,
        <Badge color="green" variant="soft" radius="full">
          Live
        </Badge>,
      ],
      [
        <CellBadge color="gray" variant="soft" title="apple: pending">
          apple
        </CellBadge>,
        <Badge color="gray" variant="soft" title="apple: pending">
          apple
        </Badge>,
      ],
      [
        <CellBadge color="gray" variant="surface">
          Pop
        </CellBadge>,
        <Badge color="gray" variant="surface">
          Pop
        </Badge>,
      ],
      [
        <CellBadge color="purple" variant="soft">
          Admin
        </CellBadge>,
        <Badge size="1" color="purple" variant="soft">
          Admin
        </Badge>,
      ],
      [
        <CellText size="2" weight="medium">
          Ivy League
        </CellText>,
        <Text size="2" weight="medium" truncate>
          Ivy League
        </Text>,
      ],
      [
        <CellText size="1" color="gray">
          ivy@demo.test
        </CellText>,
        <Text size="1" color="gray" truncate>
          ivy@demo.test
        </Text>,
      ],
    ] as const
    for (const [plain, radix] of pairs) expect(renderToStaticMarkup(plain)).toBe(renderToStaticMarkup(radix))
  })
})
