import { proxy, useSnapshot } from 'valtio'
import { DEFAULT_LOGO_SIZE, DEFAULT_THEME_COLORS, type ThemeColors } from '@core/theme'
import { api } from '../api'
import { applyFavicon, applyThemeColors } from '../theme'

export interface SiteLogo {
  url: string
  width: number | null
  height: number | null
}

export interface SiteSlide {
  id: number
  artistName: string
  text: string
  link: string | null
  imageUrl: string | null
}

interface SiteState {
  loaded: boolean
  name: string
  colors: ThemeColors
  googleClientId: string | null
  version: string
  logo: SiteLogo | null
  darkLogo: SiteLogo | null
  logoSize: number
  faviconUrl: string | null
  slides: SiteSlide[]
}

/** The workspace's public face: name for titles, colours, logos, favicon, sign-in slides and options. */
export const siteState = proxy<SiteState>({
  loaded: false,
  name: 'wl-admin',
  colors: { ...DEFAULT_THEME_COLORS },
  googleClientId: null,
  version: __APP_VERSION__,
  logo: null,
  darkLogo: null,
  logoSize: DEFAULT_LOGO_SIZE,
  faviconUrl: null,
  slides: [],
})

export async function loadSite(): Promise<void> {
  try {
    const site = await api.call('site.public')
    siteState.name = site.workspace?.name ?? 'wl-admin'
    siteState.colors = site.colors
    siteState.googleClientId = site.googleSignIn.enabled ? site.googleSignIn.clientId : null
    siteState.version = site.version
    siteState.logo = site.branding?.logo ?? null
    siteState.darkLogo = site.branding?.darkLogo ?? null
    siteState.logoSize = site.branding?.logoSize ?? DEFAULT_LOGO_SIZE
    siteState.faviconUrl = site.branding?.faviconUrl ?? null
    siteState.slides = site.branding?.slides ?? []
  } catch {
    // The defaults stand: the sign-in page must work even if this fails.
  } finally {
    siteState.loaded = true
    // Colours reach what the theme's root element does not wrap (dialogs, menus), and the tab's icon follows the workspace.
    applyThemeColors(siteState.colors)
    applyFavicon(siteState.faviconUrl)
  }
}

/** Reads the workspace's public face again, after its settings changed, so the running page shows them at once. */
export const refreshSite = loadSite

export function useSite() {
  return useSnapshot(siteState)
}
