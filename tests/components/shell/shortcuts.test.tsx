import { afterEach, describe, expect, it, vi } from 'vitest'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HotkeysProvider } from 'react-hotkeys-hook'
import { Hotkeys } from '../../../src/client/shell/Hotkeys'
import { shortcutSections } from '../../../src/client/shell/ShortcutsDialog'
import { SIDEBAR } from '../../../src/client/shell/sidebar-config'
import { workspaceActions } from '../../../src/client/workspace/store'
import { SHORTCUTS } from '../../../commands/shortcuts'

afterEach(() => vi.restoreAllMocks())

describe('"g then key" for every sidebar group', () => {
  it('opens the group’s screen in the focused pane when its two keys are pressed', async () => {
    const open = vi.spyOn(workspaceActions, 'open').mockImplementation(() => undefined)
    render(
      <HotkeysProvider initiallyActiveScopes={['global']}>
        <Hotkeys />
      </HotkeysProvider>,
    )
    for (const group of SIDEBAR) {
      const { keys, to } = SHORTCUTS[group.shortcut]
      open.mockClear()
      const second = keys.split(' ')[1]
      await userEvent.keyboard(`g${second}`)
      expect(open, `${group.label}: ${keys}`).toHaveBeenCalledWith(to, 'focused')
    }
  })
})

describe('the cheat sheet', () => {
  it('lists every key from the registry, the edit-request and uploader keys included', () => {
    const sections = shortcutSections()
    const all = sections.flatMap((section) => section.entries.map((entry) => entry.id))
    expect(all.sort()).toEqual(Object.keys(SHORTCUTS).sort())
    expect(sections.find((section) => section.group === 'Edit request')?.entries.map((entry) => entry.keys)).toEqual(['j', 'k', 'a', 'r'])
    expect(sections.find((section) => section.group === 'Uploader')?.entries[0].title).toBe('Save the draft')
    expect(sections.find((section) => section.group === 'Go to')?.entries.length).toBeGreaterThanOrEqual(SIDEBAR.length)
  })
})
