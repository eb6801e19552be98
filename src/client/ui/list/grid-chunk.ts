/**
 * AG Grid and its modules are a chunk of their own (~170 kB compressed). One loader, so the table,
 * a list route's preload and the idle preload after sign-in share one request.
 */
let loading: Promise<typeof import('./DataGrid')> | undefined
let loaded = false
export const loadGrid = () =>
  (loading ??= import('./DataGrid').then((module) => {
    loaded = true
    return module
  }))
/** Whether the grid's chunk has arrived (a table can then draw the grid at once). */
export const gridLoaded = () => loaded

/**
 * The first list of a visit paints as a plain table, before the grid's chunk is even asked for (its
 * download and parsing would hold the first rows back); the grid follows once that paint is done, or
 * after a few seconds on a screen without a list.
 */
let markPainted: () => void = () => undefined
const firstListPainted = new Promise<void>((resolve) => (markPainted = resolve))
export const listPainted = () => markPainted()
export const afterFirstList = (ms = 3_000) => Promise.race([firstListPainted, new Promise<void>((resolve) => setTimeout(resolve, ms))])
