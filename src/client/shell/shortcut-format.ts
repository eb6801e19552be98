import { SHORTCUTS, type ShortcutId } from '@commands/shortcuts'

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform)

/** A registered shortcut as shown on a button's hint: ⌘K / Ctrl+K, "g then u". */
export function shortcutHint(id: ShortcutId): string {
  return formatShortcut(SHORTCUTS[id].keys)
}

/** 'mod+k' shows as ⌘K on a Mac and Ctrl+K elsewhere; 'g u' as "g then u". */
export function formatShortcut(shortcut: string): string {
  if (shortcut.includes(' ')) return shortcut.split(' ').map(formatShortcut).join(' then ')
  const chord = shortcut.includes('+') && shortcut.length > 1
  return shortcut
    .split('+')
    .map((part) => {
      switch (part) {
        case 'mod':
          return isMac ? '⌘' : 'Ctrl'
        case 'alt':
          return isMac ? '⌥' : 'Alt'
        case 'shift':
          return isMac ? '⇧' : 'Shift'
        case 'left':
          return '←'
        case 'right':
          return '→'
        case 'enter':
          return 'Enter'
        case 'backspace':
          return 'Backspace'
        case 'esc':
          return 'Esc'
        default:
          return chord && part.length === 1 ? part.toUpperCase() : part
      }
    })
    .join(isMac ? '' : '+')
}
