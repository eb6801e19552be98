import { describe, expect, it } from 'vitest'
import { MIN_COLUMN_WIDTH, columnSizing } from '../../src/client/ui/list/column-fit'

describe('grid column sizing', () => {
  it('makes a declared width a share of the pane, so every column fits a 1440 px window with the sidebar open', () => {
    // The payouts list's visible columns: 1370 px declared, about 1045 px of pane at 1440 px with the sidebar.
    const declared = [80, 230, 120, 100, 120, 120, 100, 220, 140, 140]
    const sizings = declared.map((width) => columnSizing({ width }))
    expect(sizings.every((sizing) => sizing.width === undefined && sizing.flex! > 0)).toBe(true)
    const smallest = sizings.reduce((sum, sizing) => sum + sizing.minWidth, 48)
    expect(smallest).toBeLessThanOrEqual(1045)
    // Proportions are kept: a wide column stays wider than a narrow one.
    expect(sizings[1].flex!).toBeGreaterThan(sizings[0].flex!)
  })

  it('keeps a width the user dragged, and honours a declared minimum', () => {
    expect(columnSizing({ width: 200 }, 310)).toEqual({ width: 310, minWidth: 90 })
    expect(columnSizing({ width: 200, minWidth: 150 })).toEqual({ flex: 200, minWidth: 150 })
    expect(columnSizing({})).toEqual({ flex: 150, minWidth: MIN_COLUMN_WIDTH })
  })
})
