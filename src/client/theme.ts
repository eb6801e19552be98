import type { CSSProperties } from 'react'
import type { ThemeColors } from '@core/theme'

function shade(hex: string, amount: number): string {
  const value = hex.replace('#', '')
  if (!/^[0-9a-f]{6}$/i.test(value)) return hex
  const channels = [0, 2, 4].map((i) => parseInt(value.slice(i, i + 2), 16))
  const mixed = channels.map((c) => Math.round(amount < 0 ? c * (1 + amount) : c + (255 - c) * amount))
  return `#${mixed.map((c) => Math.max(0, Math.min(255, c)).toString(16).padStart(2, '0')).join('')}`
}

/**
 * The tenant's colours as CSS variables on the Radix Theme element: solid buttons and accents use
 * the primary colour with the button text colour, the navbar its own pair.
 */
export function themeStyle(colors: ThemeColors): CSSProperties {
  return {
    '--accent-9': colors.primary,
    '--accent-10': shade(colors.primary, -0.08),
    '--accent-11': shade(colors.primary, -0.45),
    '--accent-contrast': colors.buttonText,
    '--accent-surface': colors.accent,
    '--wl-accent': colors.accent,
    '--wl-navbar-bg': colors.navbarBackground,
    '--wl-navbar-text': colors.navbarText,
  } as CSSProperties
}

const THEME_STYLE_ID = 'wl-theme-colors'
const FAVICON_ID = 'wl-favicon'
const DEFAULT_FAVICON = '/favicon.svg'

/**
 * The same colours for everything the theme's root element does not wrap: Radix portals (dialogs,
 * menus, popovers) render their own theme element with the stock accent, which this overrides.
 */
export function applyThemeColors(colors: ThemeColors): void {
  let style = document.getElementById(THEME_STYLE_ID) as HTMLStyleElement | null
  if (!style) {
    style = document.createElement('style')
    style.id = THEME_STYLE_ID
    document.head.appendChild(style)
  }
  const vars = Object.entries(themeStyle(colors) as Record<string, string>)
    .map(([name, value]) => `${name}: ${value};`)
    .join(' ')
  style.textContent = `.radix-themes[data-accent-color='amber'] { ${vars} }`
}

/** The workspace's favicon (its URL carries a version, so a new one replaces the cached one), or the product's. */
export function applyFavicon(url: string | null): void {
  let link = document.getElementById(FAVICON_ID) as HTMLLinkElement | null
  if (!link) {
    link = document.createElement('link')
    link.id = FAVICON_ID
    link.rel = 'icon'
    document.head.appendChild(link)
  }
  const href = url ?? DEFAULT_FAVICON
  if (link.getAttribute('href') === href) return
  if (url) link.removeAttribute('type')
  else link.type = 'image/svg+xml'
  link.href = href
}
