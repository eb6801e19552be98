import { describe, expect, it } from 'vitest'
import { navigationCommands, needsRecord } from '../../commands/navigation'
import { WORKSPACE_COMMANDS } from '../../commands/workspace'
import { SHELL_COMMANDS } from '../../commands/shell'
import { ENTITY_KIND_UI } from '../../commands/entities'
import { ROUTES } from '../../src/client/routing/registry'
import { formatShortcut } from '../../src/client/shell/shortcut-format'
import { SHORTCUTS, SHORTCUT_IDS, toHotkey, type ShortcutDef } from '../../commands/shortcuts'
import { SIDEBAR } from '../../src/client/shell/sidebar-config'

const routeMeta = ROUTES.map(({ path, title, access }) => ({ path, title, access }))
const everyCommand = [...navigationCommands(routeMeta), ...WORKSPACE_COMMANDS, ...SHELL_COMMANDS]

describe('keyboard map', () => {
  it('binds no shell-wide key twice, and leaves mod+k to the palette alone', () => {
    const shellWide = SHORTCUT_IDS.filter((id) => {
      const def: ShortcutDef = SHORTCUTS[id]
      return def.bound === 'command' || def.bound === 'go' || def.bound === 'shell'
    }).map((id) => SHORTCUTS[id].keys)
    expect(new Set(shellWide).size).toBe(shellWide.length)
    const carried = everyCommand.map((command) => command.shortcut).filter(Boolean)
    expect(new Set(carried).size).toBe(carried.length)
    expect(carried).not.toContain('palette.open')
  })

  it('gives every sidebar group a "g then key" shortcut that opens one of its entries', () => {
    for (const group of SIDEBAR) {
      const def: ShortcutDef = SHORTCUTS[group.shortcut]
      expect(def.keys, group.label).toMatch(/^g .$/)
      expect(
        group.entries.map((entry) => entry.to),
        group.label,
      ).toContain(def.to)
    }
    expect(new Set(SIDEBAR.map((group) => group.shortcut)).size).toBe(SIDEBAR.length)
  })

  it('turns the registry notation into hotkey notation', () => {
    expect(toHotkey('g u')).toBe('g>u')
    expect(toHotkey('w v')).toBe('w>v')
    expect(toHotkey('?')).toBe('shift+slash')
    expect(toHotkey('/')).toBe('slash')
    expect(toHotkey(']')).toBe('bracketright')
    expect(toHotkey('mod+b')).toBe('mod+b')
    expect(toHotkey('g c')).toBe('g>c')
    expect(toHotkey('alt+1…9')).toBeNull()
  })

  it('shows shortcuts the way people read them', () => {
    expect(formatShortcut('g u')).toBe('g then u')
    expect(['Ctrl+K', '⌘K']).toContain(formatShortcut('mod+k'))
  })
})

describe('routes and commands', () => {
  it('gives every signed-in route a command: a "Go to" command, or entity search for record pages', () => {
    const navigation = new Set(navigationCommands(routeMeta).map((command) => command.id))
    const entityPatterns = new Set(Object.values(ENTITY_KIND_UI).map((entity) => entity.pattern))
    for (const route of ROUTES.filter((r) => r.access === 'auth' || r.access === 'admin')) {
      if (needsRecord(route.path)) expect(entityPatterns.has(route.path), `${route.path} needs an entity kind`).toBe(true)
      else expect(navigation.has(`nav:${route.path}`), `${route.path} needs a navigation command`).toBe(true)
    }
  })
})
