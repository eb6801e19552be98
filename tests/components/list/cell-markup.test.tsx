import { describe, expect, it } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import { Badge, Text } from '@radix-ui/themes'
import { CellBadge, CellText } from '../../../src/client/ui/list/Cell'

// Cells write Radix Themes' badge and text markup plainly (a page of rows draws hundreds of them): it
// must stay what Radix renders, or a Radix upgrade would change how a list looks without a word.
const badges = [
  { color: 'green', variant: 'soft', radius: 'full' },
  { color: 'gray', variant: 'soft', title: 'apple: pending' },
  { color: 'gray', variant: 'surface' },
  { color: 'purple', variant: 'soft' },
] as const
const texts = [
  { size: '2', weight: 'medium' },
  { size: '1', color: 'gray' },
] as const

describe('the cells’ plain badges and texts', () => {
  it('are the markup Radix Themes renders for the same props', () => {
    for (const props of badges)
      expect(renderToStaticMarkup(<CellBadge {...props}>Live</CellBadge>)).toBe(
        renderToStaticMarkup(
          <Badge size="1" {...props}>
            Live
          </Badge>,
        ),
      )
    for (const props of texts)
      expect(renderToStaticMarkup(<CellText {...props}>Ivy League</CellText>)).toBe(
        renderToStaticMarkup(
          <Text {...props} truncate>
            Ivy League
          </Text>,
        ),
      )
  })
})
