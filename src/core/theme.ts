/** The spec's default colours; a tenant's site settings override them. */
export const DEFAULT_THEME_COLORS = {
  primary: '#F5C542',
  accent: '#FFF8E6',
  navbarBackground: '#000000',
  navbarText: '#F5C542',
  buttonText: '#000000',
} as const

export type ThemeColors = { [K in keyof typeof DEFAULT_THEME_COLORS]: string }

export const DEFAULT_LOGO_SIZE = 50
export const DARK_MODE_COOKIE = 'wl_admin_dark_mode'
