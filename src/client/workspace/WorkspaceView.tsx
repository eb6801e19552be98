import { Suspense, lazy } from 'react'
import { useSnapshot } from 'valtio'
import { isPane, type Layout } from './layout'
import { workspace } from './store'
import { TabPortals, TileSlot } from './tab-hosts'

export { tabLabel } from './tab-label'

const loadMosaic = () => import('./MosaicLayout')
const MosaicLayout = lazy(loadMosaic)

/** The mosaic's chunk (react-mosaic, react-dnd, lodash) before anyone opens a second tab. */
export const preloadMosaic = (): Promise<unknown> => loadMosaic()

/** One pane with one tab reads as a classic page: no tab strip, no mosaic. */
const isSinglePage = (layout: Layout) => typeof layout === 'string' || (isPane(layout) && layout.tabs.length === 1)

function SinglePage({ tabId }: { tabId: string }) {
  return (
    <div className="wl-single-page">
      <div className="wl-single-page__tile">
        <TileSlot tabId={tabId} />
      </div>
    </div>
  )
}

/**
 * The main area. The usual start, a single page, needs none of the mosaic's code; the mosaic comes
 * when a second tab opens. The screens render through portals, so neither change remounts them.
 */
export function WorkspaceView() {
  const snap = useSnapshot(workspace)
  const layout = snap.state.layout as Layout
  const single = <SinglePage tabId={snap.state.focusedTab} />
  return (
    <div className="wl-workspace" data-focused-tab={snap.state.focusedTab}>
      {isSinglePage(layout) ? single : <Suspense fallback={single}>{<MosaicLayout />}</Suspense>}
      <TabPortals />
    </div>
  )
}
