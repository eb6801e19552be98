import type { RouteAccess } from '../routing/types'
import type { GoShortcutId } from '@commands/shortcuts'

export interface SidebarEntry {
  label: string
  /** The address it opens in the focused pane. */
  to: string
  /**
   * Who sees the entry: admin entries are hidden from artists and labels. Stricter than routes.tsv
   * where the screen behind a route open to every account only answers "admins only" (Admins,
   * Earnings, Wallet): an entry is shown only to accounts that can use what it opens.
   */
  access: Extract<RouteAccess, 'auth' | 'admin'>
}

export interface SidebarGroup {
  label: string
  /** Its "g then key" shortcut (commands/shortcuts.ts): opens one of its entries. */
  shortcut: GoShortcutId
  entries: SidebarEntry[]
}

/**
 * The spec's sidebar groups and entries, in its order. An entry whose screen is not built yet
 * opens the not-found page (never a placeholder); "Log Out" is an action, added by the sidebar.
 */
export const SIDEBAR: readonly SidebarGroup[] = [
  { label: 'Dashboard', shortcut: 'go.dashboard', entries: [{ label: 'Dashboard', to: '/dashboard', access: 'auth' }] },
  {
    label: 'Performance',
    shortcut: 'go.performance',
    entries: [
      { label: 'Analytics', to: '/analytics/overview', access: 'admin' },
      { label: 'Earnings', to: '/earnings/overview/1', access: 'admin' },
    ],
  },
  { label: 'Admins', shortcut: 'go.admins', entries: [{ label: 'Admins', to: '/admins/manage/1', access: 'admin' }] },
  { label: 'Users', shortcut: 'go.users', entries: [{ label: 'Users', to: '/users/manage/1', access: 'auth' }] },
  {
    label: 'Releases',
    shortcut: 'go.releases',
    entries: [
      { label: 'Manage', to: '/releases/manage/1', access: 'admin' },
      { label: 'Edit Requests', to: '/release/edit-requests/1', access: 'admin' },
      { label: 'Pitch Portal', to: '/playlisting/manage/1', access: 'admin' },
      { label: 'UPC and ISRC Importer', to: '/upc-isrc-import', access: 'admin' },
    ],
  },
  {
    label: 'Support',
    shortcut: 'go.support',
    entries: [
      { label: 'Manage Tickets', to: '/support/manage/1', access: 'admin' },
      { label: 'Support Settings', to: '/support/setting', access: 'admin' },
      { label: 'Help Center', to: '/helpCenter/threads', access: 'auth' },
    ],
  },
  {
    label: 'Royalty Splits',
    shortcut: 'go.splits',
    entries: [
      { label: 'Manage', to: '/royalty-shares/manage/1?perPage=10', access: 'admin' },
      { label: 'Create', to: '/splits/new', access: 'auth' },
    ],
  },
  {
    label: 'Feature Controls',
    shortcut: 'go.featureControls',
    entries: [
      { label: 'Greenlist', to: '/greenlisting/1', access: 'admin' },
      { label: 'Blocklist', to: '/blocklisting/1', access: 'admin' },
      { label: 'Chart Registration', to: '/soundscan/1', access: 'admin' },
      { label: 'Cover Song Licensing', to: '/cover-song-licensing/1', access: 'admin' },
      { label: 'YouTube MCN', to: '/youtube-mcn/manage/1', access: 'admin' },
    ],
  },
  {
    label: 'Discovery Mode',
    shortcut: 'go.discoveryMode',
    entries: [
      { label: 'Submissions', to: '/spotify-discovery/1', access: 'admin' },
      { label: 'Removals', to: '/spotify-discovery-removal/1', access: 'admin' },
    ],
  },
  {
    label: 'Usage Discovery',
    shortcut: 'go.usageDiscovery',
    entries: [
      { label: 'Match Results', to: '/usage-discovery/1', access: 'admin' },
      { label: 'In Discovery', to: '/usage-discovery/uploaded/1', access: 'admin' },
      { label: 'Release Submissions', to: '/usage-discovery/release/submission/1', access: 'admin' },
    ],
  },
  { label: 'Payouts', shortcut: 'go.payouts', entries: [{ label: 'Payouts', to: '/payouts/manage/1', access: 'admin' }] },
  {
    label: 'Company',
    shortcut: 'go.company',
    entries: [
      { label: 'Create News', to: '/news/create', access: 'admin' },
      { label: 'Manage News', to: '/news/manage/1', access: 'admin' },
      { label: 'News Categories', to: '/news/categories', access: 'admin' },
      { label: 'Company News', to: '/news/read/1', access: 'auth' },
    ],
  },
  { label: 'Audience', shortcut: 'go.audience', entries: [{ label: 'Manage Fan Blast', to: '/fanblast/manage/1', access: 'admin' }] },
  {
    label: 'Reports',
    shortcut: 'go.reports',
    entries: [
      { label: 'User', to: '/reports/1', access: 'auth' },
      { label: 'Admin', to: '/admin-reports/1', access: 'admin' },
      { label: 'Site', to: '/reports/site/1', access: 'admin' },
    ],
  },
  { label: 'Wallet', shortcut: 'go.wallet', entries: [{ label: 'Wallet', to: '/wallet', access: 'admin' }] },
  { label: 'Site Settings', shortcut: 'go.siteSettings', entries: [{ label: 'Site Settings', to: '/site-settings', access: 'auth' }] },
  { label: 'Menu Settings', shortcut: 'go.menuSettings', entries: [{ label: 'Menu Settings', to: '/menus', access: 'auth' }] },
  { label: 'Login Settings', shortcut: 'go.loginSettings', entries: [{ label: 'Login Settings', to: '/login-settings', access: 'admin' }] },
]

export const SIDEBAR_WIDTH = 261
