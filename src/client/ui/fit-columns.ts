/**
 * Grid columns sized by the space the grid has, not by the window: a record opened in a narrow
 * pane stacks its cards, and a wide one lays them side by side. (Radix's responsive `columns`
 * follow the viewport, which squeezed cards into a third of the screen when panes were split.)
 */
export function fitColumns(minWidth: number): string {
  return `repeat(auto-fit, minmax(min(${minWidth}px, 100%), 1fr))`
}
