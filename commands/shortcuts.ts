/**
 * Every keyboard shortcut of the product, in one place. The hotkeys (react-hotkeys-hook), the `?`
 * cheat sheet, the palette's hints and the hints on buttons all read this table; a command, a
 * record action or a screen names a shortcut by its id, so an id without a definition does not
 * compile and a key cannot be bound without being listed.
 *
 * Notation: 'g u' is a sequence (g, then u), 'mod+k' a chord; 'mod' is Ctrl, or ⌘ on a Mac.
 */
export interface ShortcutDef {
  keys: string
  /** What the cheat sheet says it does. */
  title: string
  /** The cheat sheet's section. */
  group: ShortcutGroup
  /** 'g then key' shortcuts: the address they open (a sidebar group's entry). */
  to?: string
  /**
   * Who binds it: 'command' (the shell binds it to the command or record action carrying it),
   * 'go' (the shell opens `to`), 'page' (a screen binds it while it is shown), 'shell' (the shell
   * binds it itself), 'browser' (the browser's own key, listed for completeness).
   */
  bound: 'command' | 'go' | 'page' | 'shell' | 'browser'
}

export type ShortcutGroup =
  | 'Go to'
  | 'Workspace'
  | 'View'
  | 'Help'
  | 'List'
  | 'Palette'
  | 'Edit request'
  | 'Uploader'
  | 'Support ticket'
  | 'Feature request'
  | 'Fan blast'
  | 'Discovery Mode'
  | 'Usage match'
  | 'Delivery'
  | 'Track review'

export const SHORTCUTS = {
  // The palette and dialogs.
  'palette.open': { keys: 'mod+k', title: 'Open the command palette', group: 'Palette', bound: 'shell' },
  'palette.openHere': { keys: 'enter', title: 'Open in the focused pane', group: 'Palette', bound: 'page' },
  'palette.openRight': { keys: 'mod+enter', title: 'Open in a new pane to the right', group: 'Palette', bound: 'page' },
  'palette.back': { keys: 'backspace', title: 'Back to the previous page', group: 'Palette', bound: 'page' },
  'dialog.close': { keys: 'esc', title: 'Close the top dialog', group: 'Palette', bound: 'browser' },

  // "g then a key": one per sidebar group (src/client/shell/sidebar-config.ts), and notifications.
  'go.dashboard': { keys: 'g d', title: 'Go to Dashboard', group: 'Go to', to: '/dashboard', bound: 'go' },
  'go.performance': { keys: 'g e', title: 'Go to Earnings', group: 'Go to', to: '/earnings/overview/1', bound: 'go' },
  'go.analytics': { keys: 'g a', title: 'Go to Analytics', group: 'Go to', to: '/analytics/overview', bound: 'go' },
  'go.admins': { keys: 'g m', title: 'Go to Admins', group: 'Go to', to: '/admins/manage/1', bound: 'go' },
  'go.users': { keys: 'g u', title: 'Go to Users', group: 'Go to', to: '/users/manage/1', bound: 'go' },
  'go.releases': { keys: 'g r', title: 'Go to Releases', group: 'Go to', to: '/releases/manage/1', bound: 'go' },
  'go.editRequests': { keys: 'g q', title: 'Go to Edit Requests', group: 'Go to', to: '/release/edit-requests/1', bound: 'go' },
  'go.support': { keys: 'g t', title: 'Go to Support tickets', group: 'Go to', to: '/support/manage/1', bound: 'go' },
  'go.splits': { keys: 'g s', title: 'Go to Royalty Splits', group: 'Go to', to: '/royalty-shares/manage/1?perPage=10', bound: 'go' },
  'go.featureControls': { keys: 'g f', title: 'Go to Feature Controls (Greenlist)', group: 'Go to', to: '/greenlisting/1', bound: 'go' },
  'go.discoveryMode': { keys: 'g y', title: 'Go to Discovery Mode', group: 'Go to', to: '/spotify-discovery/1', bound: 'go' },
  'go.usageDiscovery': { keys: 'g i', title: 'Go to Usage Discovery', group: 'Go to', to: '/usage-discovery/1', bound: 'go' },
  'go.payouts': { keys: 'g p', title: 'Go to Payouts', group: 'Go to', to: '/payouts/manage/1', bound: 'go' },
  'go.company': { keys: 'g n', title: 'Go to News', group: 'Go to', to: '/news/manage/1', bound: 'go' },
  'go.audience': { keys: 'g b', title: 'Go to Fan Blast', group: 'Go to', to: '/fanblast/manage/1', bound: 'go' },
  'go.reports': { keys: 'g x', title: 'Go to Reports', group: 'Go to', to: '/reports/1', bound: 'go' },
  'go.wallet': { keys: 'g w', title: 'Go to Wallet', group: 'Go to', to: '/wallet', bound: 'go' },
  'go.siteSettings': { keys: 'g c', title: 'Go to Site Settings', group: 'Go to', to: '/site-settings', bound: 'go' },
  'go.menuSettings': { keys: 'g h', title: 'Go to Menu Settings', group: 'Go to', to: '/menus', bound: 'go' },
  'go.loginSettings': { keys: 'g l', title: 'Go to Login Settings', group: 'Go to', to: '/login-settings', bound: 'go' },
  'go.notifications': { keys: 'g o', title: 'Go to Notifications', group: 'Go to', to: '/notifications', bound: 'go' },

  // Panes and tabs (commands/workspace.ts).
  'workspace.splitRight': { keys: 'w v', title: 'Split right', group: 'Workspace', bound: 'command' },
  'workspace.splitDown': { keys: 'w s', title: 'Split down', group: 'Workspace', bound: 'command' },
  'workspace.newTab': { keys: 'w n', title: 'New tab', group: 'Workspace', bound: 'command' },
  'workspace.closeTab': { keys: 'w q', title: 'Close tab', group: 'Workspace', bound: 'command' },
  'workspace.nextTab': { keys: ']', title: 'Next tab', group: 'Workspace', bound: 'command' },
  'workspace.previousTab': { keys: '[', title: 'Previous tab', group: 'Workspace', bound: 'command' },
  'workspace.back': { keys: 'alt+left', title: 'Back', group: 'Workspace', bound: 'browser' },
  'workspace.forward': { keys: 'alt+right', title: 'Forward', group: 'Workspace', bound: 'browser' },
  'workspace.focusPane': { keys: 'alt+1…9', title: 'Focus pane 1 to 9', group: 'Workspace', bound: 'shell' },

  // The shell.
  'shell.shortcuts': { keys: '?', title: 'Keyboard shortcuts', group: 'Help', bound: 'command' },
  'shell.toggleSidebar': { keys: 'mod+b', title: 'Toggle sidebar', group: 'View', bound: 'command' },

  // Lists (src/client/ui/list/ListView.tsx).
  'list.down': { keys: 'j', title: 'Move down the rows', group: 'List', bound: 'page' },
  'list.up': { keys: 'k', title: 'Move up the rows', group: 'List', bound: 'page' },
  'list.open': { keys: 'enter', title: 'Open the row', group: 'List', bound: 'page' },
  'list.openRight': { keys: 'mod+enter', title: 'Open the row in a pane to the right', group: 'List', bound: 'page' },
  'list.openTab': { keys: 'shift+enter', title: 'Open the row in a new tab', group: 'List', bound: 'page' },
  'list.select': { keys: 'x', title: 'Select the row', group: 'List', bound: 'page' },
  'list.selectAll': { keys: 'shift+x', title: 'Select all rows', group: 'List', bound: 'command' },
  'list.focusSearch': { keys: '/', title: 'Search this list', group: 'List', bound: 'command' },

  // The edit-request review (src/domains/catalogue/ui/EditRequestScreen.tsx).
  'editRequest.next': { keys: 'j', title: 'Next open request', group: 'Edit request', bound: 'page' },
  'editRequest.previous': { keys: 'k', title: 'Previous open request', group: 'Edit request', bound: 'page' },
  'editRequest.approve': { keys: 'a', title: 'Approve the request', group: 'Edit request', bound: 'command' },
  'editRequest.reject': { keys: 'r', title: 'Reject the request (asks why)', group: 'Edit request', bound: 'command' },

  // The support ticket queue (src/domains/support/ui/TicketScreen.tsx): the screen runs the declared actions.
  'ticket.next': { keys: 'j', title: 'Next unresolved ticket', group: 'Support ticket', bound: 'page' },
  'ticket.previous': { keys: 'k', title: 'Previous unresolved ticket', group: 'Support ticket', bound: 'page' },
  'ticket.reply': { keys: 'r', title: 'Reply to the requester', group: 'Support ticket', bound: 'page' },
  'ticket.note': { keys: 'n', title: 'Add an internal note', group: 'Support ticket', bound: 'page' },
  'ticket.solve': { keys: 's', title: 'Solve the ticket', group: 'Support ticket', bound: 'page' },
  'ticket.elevate': { keys: 'e', title: 'Elevate the ticket', group: 'Support ticket', bound: 'page' },
  'ticket.assignMe': { keys: 'a', title: 'Assign the ticket to me', group: 'Support ticket', bound: 'page' },
  'ticket.send': { keys: 'mod+enter', title: 'Send the reply or note being typed', group: 'Support ticket', bound: 'page' },

  // Feature-control requests (src/domains/feature-controls/ui/review.tsx): the shared queue of every kind.
  'feature.next': { keys: 'j', title: 'Next pending request (any kind)', group: 'Feature request', bound: 'page' },
  'feature.previous': { keys: 'k', title: 'Previous pending request (any kind)', group: 'Feature request', bound: 'page' },
  'feature.approve': { keys: 'a', title: 'Approve the request', group: 'Feature request', bound: 'page' },
  'feature.reject': { keys: 'r', title: 'Reject the request (asks why)', group: 'Feature request', bound: 'page' },

  // The fan blast review (src/domains/fanblast/ui/BlastScreen.tsx): submitted blasts, oldest first.
  'blast.next': { keys: 'j', title: 'Next submitted blast', group: 'Fan blast', bound: 'page' },
  'blast.previous': { keys: 'k', title: 'Previous submitted blast', group: 'Fan blast', bound: 'page' },
  'blast.approve': { keys: 'a', title: 'Approve the blast', group: 'Fan blast', bound: 'page' },
  'blast.reject': { keys: 'r', title: 'Reject the blast (asks why)', group: 'Fan blast', bound: 'page' },
  // Discovery Mode submissions (src/domains/discovery/ui/SubmissionScreen.tsx): the pending queue.
  'discovery.next': { keys: 'j', title: 'Next pending submission', group: 'Discovery Mode', bound: 'page' },
  'discovery.previous': { keys: 'k', title: 'Previous pending submission', group: 'Discovery Mode', bound: 'page' },
  'discovery.approve': { keys: 'a', title: 'Approve the submission', group: 'Discovery Mode', bound: 'page' },
  'discovery.reject': { keys: 'r', title: 'Reject the submission (asks why)', group: 'Discovery Mode', bound: 'page' },

  // Usage discovery matches (src/domains/discovery/ui/MatchScreen.tsx): the new matches.
  'match.next': { keys: 'j', title: 'Next new match', group: 'Usage match', bound: 'page' },
  'match.previous': { keys: 'k', title: 'Previous new match', group: 'Usage match', bound: 'page' },
  'match.claim': { keys: 'a', title: 'Claim the match', group: 'Usage match', bound: 'page' },
  'match.ignore': { keys: 'r', title: 'Ignore the match', group: 'Usage match', bound: 'page' },

  // Deliveries (commands/catalogue-ops.ts): on a release whose delivery to a target failed.
  'delivery.retryFailed': { keys: 'shift+r', title: 'Retry the release’s failed deliveries', group: 'Delivery', bound: 'command' },
  // Flagged-track reviews (src/domains/analytics/ui/TrackReviewScreen.tsx): the open reviews.
  'trackReview.next': { keys: 'j', title: 'Next flagged track in review', group: 'Track review', bound: 'page' },
  'trackReview.previous': { keys: 'k', title: 'Previous flagged track in review', group: 'Track review', bound: 'page' },
  'trackReview.confirm': { keys: 'a', title: 'Confirm and hold its earnings (asks why)', group: 'Track review', bound: 'page' },
  'trackReview.dismiss': { keys: 'r', title: 'Dismiss the flag (asks why)', group: 'Track review', bound: 'page' },

  // The uploader (src/domains/catalogue/ui/uploader/UploaderForm.tsx).
  'uploader.save': { keys: 'mod+s', title: 'Save the draft', group: 'Uploader', bound: 'page' },
} as const satisfies Record<string, ShortcutDef>

export type ShortcutId = keyof typeof SHORTCUTS
export type GoShortcutId = Extract<ShortcutId, `go.${string}`>

export function shortcutKeys(id: ShortcutId): string {
  return SHORTCUTS[id].keys
}

export const SHORTCUT_IDS = Object.keys(SHORTCUTS) as ShortcutId[]

/** The "g then key" shortcut that opens this address (compared without its query), if any. */
export function goShortcutFor(path: string): GoShortcutId | null {
  const pathname = path.split('?')[0]
  for (const id of SHORTCUT_IDS) {
    const def: ShortcutDef = SHORTCUTS[id]
    if (def.bound === 'go' && def.to?.split('?')[0] === pathname) return id as GoShortcutId
  }
  return null
}

/** Registry notation to react-hotkeys-hook notation: 'g u' is the sequence 'g>u', '?' is shift+/. */
export function toHotkey(keys: string): string | null {
  if (keys.includes('…')) return null
  if (keys.includes(' ')) {
    const parts = keys.split(' ').map(single)
    return parts.every(Boolean) ? parts.join('>') : null
  }
  return single(keys)
}

const NAMED: Readonly<Record<string, string>> = {
  '?': 'shift+slash',
  '/': 'slash',
  '[': 'bracketleft',
  ']': 'bracketright',
}

function single(key: string): string {
  return NAMED[key] ?? key
}
