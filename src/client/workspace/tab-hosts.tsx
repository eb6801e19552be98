import { useEffect, useLayoutEffect, useRef } from 'react'
import { createPortal } from 'react-dom'
import { useSnapshot } from 'valtio'
import { TabView } from './TabView'
import { listPanes, type Layout } from './layout'
import { workspace } from './store'

/**
 * Each shown tab renders into a DOM element of its own, kept across layouts, which the pane that
 * shows it adopts. The screen's React tree then never depends on where the tab sits: a tab dragged
 * to another pane, or the single page becoming a mosaic when a second tab opens, keeps its state
 * (a half-filled form, the list's scroll) instead of mounting anew.
 */
const hosts = new Map<string, HTMLDivElement>()
/** What had the keyboard inside a host that is being moved: a moved element loses focus. */
const focusToRestore = new WeakMap<HTMLDivElement, HTMLElement>()

function hostFor(tabId: string): HTMLDivElement {
  let host = hosts.get(tabId)
  if (!host) {
    host = document.createElement('div')
    host.className = 'wl-tab-host'
    hosts.set(tabId, host)
  }
  return host
}

/** The tabs a pane shows now: the active one of each pane. */
export function shownTabs(layout: Layout): string[] {
  return listPanes(layout).map(({ pane }) => pane.tabs[pane.activeTabIndex] ?? pane.tabs[0])
}

/** The screens of the shown tabs, each in its host; the hosts of closed tabs are let go. */
export function TabPortals() {
  const snap = useSnapshot(workspace)
  const shown = shownTabs(snap.state.layout as Layout).filter((id) => snap.state.tabs[id])
  const tabs = snap.state.tabs
  useEffect(() => {
    for (const id of hosts.keys()) if (!tabs[id]) hosts.delete(id)
  }, [tabs])
  return <>{shown.map((tabId) => createPortal(<TabView tabId={tabId} />, hostFor(tabId), tabId))}</>
}

/** Where a pane shows a tab: it adopts the tab's host element. */
export function TileSlot({ tabId }: { tabId: string }) {
  const slot = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    const element = slot.current
    if (!element) return
    const host = hostFor(tabId)
    element.appendChild(host)
    const focused = focusToRestore.get(host)
    // Only for the tab that still has the workspace's focus (focusing another would take it over).
    if (focused && host.contains(focused) && workspace.state.focusedTab === tabId) focused.focus({ preventScroll: true })
    focusToRestore.delete(host)
    return () => {
      const active = document.activeElement
      if (active instanceof HTMLElement && host.contains(active)) focusToRestore.set(host, active)
      if (host.parentElement === element) element.removeChild(host)
    }
  }, [tabId])
  return <div ref={slot} className="wl-tile-slot" />
}
