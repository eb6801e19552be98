import { useCallback } from 'react'
import { useSnapshot } from 'valtio'
import { Mosaic, type MosaicNode, type MosaicChangeMeta, type TabToolbarRenderer } from 'react-mosaic-component'
import 'react-mosaic-component/react-mosaic-component.css'
import { Cross2Icon, DotsHorizontalIcon } from '@radix-ui/react-icons'
import { DropdownMenu, IconButton, Text, Tooltip } from '@radix-ui/themes'
import { TileSlot } from './tab-hosts'
import { tabLabel } from './tab-label'
import { currentPath, isPane, listPanes, type Layout } from './layout'
import { workspace, workspaceActions } from './store'
import { shortcutHint } from '../shell/shortcut-format'

function TabStrip({ tabs, activeTabIndex, path, DraggableTab }: Parameters<TabToolbarRenderer<string>>[0]) {
  const snap = useSnapshot(workspace)
  const layoutNow = snap.state.layout as Layout
  const classic = isPane(layoutNow) && layoutNow.tabs.length === 1
  // One pane with one tab reads as a classic page: no tab strip at all.
  if (classic) return <div className="wl-tabstrip wl-tabstrip--hidden" />
  const paneNumber = listPanes(layoutNow).findIndex((pane) => pane.path.join('.') === path.join('.')) + 1
  return (
    <div className="wl-tabstrip">
      <Text size="1" color="gray" className="wl-tabstrip__number" aria-hidden>
        {paneNumber}
      </Text>
      <div className="wl-tabstrip__tabs" role="tablist" aria-label={`Pane ${paneNumber}`}>
        {tabs.map((tabId, index) => {
          const tab = snap.state.tabs[tabId]
          const active = index === activeTabIndex
          const focused = snap.state.focusedTab === tabId
          return (
            <DraggableTab key={tabId} tabKey={tabId} tabIndex={index}>
              {({ connectDragSource, isDragging }) =>
                connectDragSource(
                  <div
                    className="wl-tab-button"
                    role="tab"
                    aria-selected={active}
                    data-focused={focused || undefined}
                    data-dragging={isDragging || undefined}
                    ref={active ? revealActive : undefined}
                    tabIndex={active ? 0 : -1}
                    title={tab ? currentPath(tab) : undefined}
                    onMouseDown={() => workspaceActions.focusTab(tabId)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter' || event.key === ' ') workspaceActions.focusTab(tabId)
                    }}
                  >
                    <span className="wl-tab-button__label">{tabLabel(tab)}</span>
                    <Tooltip content="Close tab (w q)">
                      <IconButton
                        size="1"
                        variant="ghost"
                        color="gray"
                        aria-label={`Close ${tabLabel(tab)}`}
                        onMouseDown={(event) => event.stopPropagation()}
                        onClick={(event) => {
                          event.stopPropagation()
                          workspaceActions.closeTab(tabId)
                        }}
                      >
                        <Cross2Icon />
                      </IconButton>
                    </Tooltip>
                  </div>,
                ) ?? <div />
              }
            </DraggableTab>
          )
        })}
      </div>
      <TabMenu tabs={tabs} activeTabIndex={activeTabIndex} paneNumber={paneNumber} />
    </div>
  )
}

/** The tab strip scrolls sideways when its tabs do not fit: the active one is kept in sight. */
const revealActive = (element: HTMLDivElement | null) => element?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })

/**
 * Every tab of the pane, for when they no longer fit the strip, and "Close other tabs". The same
 * actions are in the palette (workspace.closeOtherTabs).
 */
function TabMenu({ tabs, activeTabIndex, paneNumber }: { tabs: readonly string[]; activeTabIndex: number; paneNumber: number }) {
  const snap = useSnapshot(workspace)
  const activeId = tabs[activeTabIndex] ?? tabs[0]
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <IconButton
          size="1"
          variant="ghost"
          color="gray"
          className="wl-tabstrip__menu"
          aria-label={`All tabs of pane ${paneNumber} (${tabs.length})`}
        >
          <DotsHorizontalIcon />
        </IconButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end" size="1">
        <DropdownMenu.Label>Tabs in pane {paneNumber}</DropdownMenu.Label>
        {tabs.map((tabId) => (
          <DropdownMenu.CheckboxItem key={tabId} checked={tabId === activeId} onSelect={() => workspaceActions.focusTab(tabId)}>
            {tabLabel(snap.state.tabs[tabId])}
          </DropdownMenu.CheckboxItem>
        ))}
        <DropdownMenu.Separator />
        <DropdownMenu.Item disabled={tabs.length < 2} onSelect={() => workspaceActions.closeOthers(activeId)}>
          Close other tabs
        </DropdownMenu.Item>
        <DropdownMenu.Item shortcut={shortcutHint('workspace.closeTab')} onSelect={() => workspaceActions.closeTab(activeId)}>
          Close tab
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  )
}

/** Panes as a mosaic of tab groups: drag tabs between panes, drag dividers to resize. Its own chunk, loaded once a second tab opens (or when idle). */
export default function MosaicLayout() {
  const snap = useSnapshot(workspace)
  const handleChange = useCallback((node: MosaicNode<string> | null, meta?: MosaicChangeMeta<string>) => {
    workspaceActions.acceptLayout(node)
    if (meta?.type === 'drop' || meta?.type === 'tab-select') {
      // A dropped or clicked tab becomes the focused one.
      const tabId = meta.type === 'drop' && typeof meta.node === 'string' ? meta.node : null
      if (tabId) workspaceActions.focusTab(tabId)
    }
  }, [])
  return (
    <Mosaic<string>
      value={snap.state.layout as MosaicNode<string>}
      onChange={handleChange}
      renderTile={(tabId) => <TileSlot tabId={tabId} />}
      renderTabToolbar={(props) => <TabStrip {...props} />}
      className="wl-mosaic"
      resize={{ minimumPaneSizePx: 280 }}
    />
  )
}
