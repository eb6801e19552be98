/** Shortcuts the browser already gives (back and forward); the palette shows them but nothing binds them. */
const BROWSER_OWNED = new Set(['alt+left', 'alt+right'])

/** Registry notation to react-hotkeys-hook notation: 'g u' is the sequence 'g>u', '?' is shift+/. */
export function toHotkey(shortcut: string): string | null {
  if (BROWSER_OWNED.has(shortcut) || shortcut.includes('…')) return null
  if (shortcut === '?') return 'shift+slash'
  if (shortcut === '/') return 'slash'
  if (shortcut === '[') return 'bracketleft'
  if (shortcut === ']') return 'bracketright'
  if (shortcut.includes(' ')) return shortcut.split(' ').join('>')
  return shortcut
}
