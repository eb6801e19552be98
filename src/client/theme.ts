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
