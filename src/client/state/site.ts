import { proxy, useSnapshot } from 'valtio'
import { DEFAULT_THEME_COLORS, type ThemeColors } from '@core/theme'
import { api } from '../api'

interface SiteState {
  loaded: boolean
  name: string
  colors: ThemeColors
  googleClientId: string | null
  version: string
}

/** The workspace's public face: name for titles, colours, sign-in options. */
export const siteState = proxy<SiteState>({
  loaded: false,
  name: 'wl-admin',
  colors: { ...DEFAULT_THEME_COLORS },
  googleClientId: null,
  version: __APP_VERSION__,
})

export async function loadSite(): Promise<void> {
  try {
    const site = await api.call('site.public')
    siteState.name = site.workspace?.name ?? 'wl-admin'
    siteState.colors = site.colors
    siteState.googleClientId = site.googleSignIn.enabled ? site.googleSignIn.clientId : null
    siteState.version = site.version
  } catch {
    // The defaults stand: the sign-in page must work even if this fails.
  } finally {
    siteState.loaded = true
  }
}

export function useSite() {
  return useSnapshot(siteState)
}
