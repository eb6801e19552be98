import type { EndpointId, EndpointInput, EndpointOutput, Endpoints } from '@contract/index'
import type { SearchHit } from '@contract/search'
import type { RecordRef } from './records'
import type { Target } from './actions'
import type { ShortcutId } from './shortcuts'

export type CommandAccess = 'auth' | 'admin'

/** What the palette knows about where the user is. Built by the client from the focused tab. */
export interface CommandContext {
  account: { id: number; type: 'artist' | 'label' | 'admin'; isOperator: boolean } | null
  /** The focused tab's address and the route pattern it matched. */
  route: { path: string; pattern: string | null; params: Readonly<Record<string, string>> } | null
  /** The record the focused tab shows: its kind and id, and what its screen published (title, state typed by kind). */
  record: RecordRef | null
  /** The list in the focused tab: its selection, the kind of record its rows are, and its own bulk actions. */
  list: {
    listId: string
    title: string
    selectedCount: number
    /** Its selected rows as records (when its rows are records): the declared record actions on a selection act on it. */
    selection?: Target
    bulkActions: readonly { id: string; label: string; confirm?: string }[]
  } | null
  paneCount: number
  /** Tabs in the focused tab's pane (absent where no workspace is). */
  tabsInPane?: number
}

export type OpenWhere = 'focused' | 'tab' | 'right' | 'below'

/** What commands may do; the client provides it (and tests provide fakes). */
export interface CommandEnv {
  open(path: string, where?: OpenWhere): void
  call<K extends EndpointId>(id: K, input?: EndpointInput<Endpoints[K]>): Promise<EndpointOutput<Endpoints[K]>>
  /** Calls an endpoint that answers a file (a CSV export) and hands the file to the browser. */
  download<K extends EndpointId>(id: K, input?: EndpointInput<Endpoints[K]>): Promise<void>
  search(query: string, signal: AbortSignal): Promise<SearchHit[]>
  notify(text: string, tone?: 'success' | 'info' | 'error'): void
  /** Screens showing data reload it (after an action changed it). */
  refresh(): void
  /** Opens the palette on a follow-up question: a command whose choices answer it (the keyboard flow goes on). */
  ask(question: Command): void
  /** The signed-in session changed (continue as another account, and back). */
  replaceSession(me: EndpointOutput<Endpoints['auth.me']>): void
  workspace: {
    split(direction: 'right' | 'below'): void
    newTab(): void
    closeTab(): void
    /** Closes the focused pane's other tabs. */
    closeOthers(): void
    cycleTab(delta: 1 | -1): void
    focusPane(index: number): void
    moveTabToPane(index: number): void
    back(): void
    forward(): void
  }
  shell: {
    toggleSidebar(): void
    toggleDarkMode(): void
    openFeedback(): void
    /** The send-message dialog: to the help center, or to an account when one is given. */
    openSendMessage(recipient?: { id: number; name: string }): void
    openShortcuts(): void
    focusListSearch(): void
    signOut(): void
  }
  list: {
    runBulkAction(id: string): Promise<void>
    selectAll(): void
    clearSelection(): void
  }
}

/** true: available; false: hidden; a string: shown disabled with that reason. */
export type Availability = boolean | string

export interface Command {
  /** Stable id, `area.action` (also the key for recent commands). */
  id: string
  title: string | ((context: CommandContext) => string)
  group: string
  /**
   * What the command opens or acts on, without its verb ('Releases' for 'Go to Releases'): matched
   * as strongly as the title, so the screen named by the query outranks a screen that merely has
   * the word among its keywords.
   */
  subject?: string
  keywords?: readonly string[]
  /** Its key, from the one shortcut registry (commands/shortcuts.ts); the shell binds it. */
  shortcut?: ShortcutId
  /** The command acts on the focused record (a declared record action): it ranks above global commands. */
  onRecord?: boolean
  access?: CommandAccess
  when?(context: CommandContext): Availability
  run?(context: CommandContext, env: CommandEnv): void | Promise<void>
  /** A nested page of choices (a status to pick, a pane to move to); Backspace goes back. */
  children?(context: CommandContext, env: CommandEnv): readonly Command[] | Promise<readonly Command[]>
  /** A nested page filled from the server as the user types (e.g. pick an account). */
  search?(query: string, context: CommandContext, env: CommandEnv, signal: AbortSignal): Promise<readonly Command[]>
  /** Text shown on the nested page's search box. */
  placeholder?: string
}

export interface AvailableCommand {
  command: Command
  title: string
  disabledReason: string | null
  /** How well it matched the query (set by ranking; 1 without a query). */
  score?: number
}
