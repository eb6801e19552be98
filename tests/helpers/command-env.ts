import { vi, type Mock } from 'vitest'
import type { CommandEnv } from '../../commands/types'

export type FakeCommandEnv = CommandEnv & { call: Mock; download: Mock; open: Mock; notify: Mock; refresh: Mock; ask: Mock }

/**
 * A command environment for palette command tests: every effect is a spy; `call` answers an
 * endpoint id from `answers` (or with an empty object), so a command's requests can be asserted.
 */
export function fakeCommandEnv(answers: Record<string, unknown> = {}): FakeCommandEnv {
  return {
    open: vi.fn(),
    call: vi.fn(async (id: string) => answers[id] ?? {}),
    download: vi.fn(async () => undefined),
    search: vi.fn(),
    notify: vi.fn(),
    refresh: vi.fn(),
    ask: vi.fn(),
    replaceSession: vi.fn(),
    workspace: {
      split: vi.fn(),
      newTab: vi.fn(),
      closeTab: vi.fn(),
      closeOthers: vi.fn(),
      cycleTab: vi.fn(),
      focusPane: vi.fn(),
      moveTabToPane: vi.fn(),
      back: vi.fn(),
      forward: vi.fn(),
    },
    shell: {
      toggleSidebar: vi.fn(),
      toggleDarkMode: vi.fn(),
      openFeedback: vi.fn(),
      openSendMessage: vi.fn(),
      openShortcuts: vi.fn(),
      focusListSearch: vi.fn(),
      signOut: vi.fn(),
    },
    list: { runBulkAction: vi.fn(), selectAll: vi.fn(), clearSelection: vi.fn() },
  } as unknown as FakeCommandEnv
}
