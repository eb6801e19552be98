import { proxy, useSnapshot } from 'valtio'
import { DARK_MODE_COOKIE } from '@core/theme'

function readDarkMode(): boolean {
  return document.cookie.split('; ').some((part) => part === `${DARK_MODE_COOKIE}=1`)
}

export type ShellDialog = 'palette' | 'shortcuts' | 'feedback' | 'sendMessage' | 'userPicker' | null

export interface MessageRecipient {
  id: number
  name: string
}

interface ShellState {
  sidebarOpen: boolean
  darkMode: boolean
  dialog: ShellDialog
  /** Whom the send-message dialog writes to; null: the help center. */
  messageTo: MessageRecipient | null
}

/** Shell chrome state: sidebar, appearance and which shell dialog is open. */
export const shellState = proxy<ShellState>({
  sidebarOpen: window.innerWidth > 700,
  darkMode: readDarkMode(),
  dialog: null,
  messageTo: null,
})

/** The class of the palette's layer (Palette.tsx): mounted once, hidden while closed. */
export const PALETTE_LAYER_CLASS = 'wl-palette-layer'

export const shellActions = {
  toggleSidebar: () => {
    shellState.sidebarOpen = !shellState.sidebarOpen
  },
  /** The preference lives in a cookie (spec: wl_admin_dark_mode), for a year, across subdomains' paths. */
  toggleDarkMode: () => {
    shellState.darkMode = !shellState.darkMode
    document.cookie = `${DARK_MODE_COOKIE}=${shellState.darkMode ? 1 : 0}; path=/; max-age=31536000; samesite=lax`
  },
  open: (dialog: Exclude<ShellDialog, null>) => {
    shellState.dialog = dialog
  },
  openSendMessage: (recipient: MessageRecipient | null = null) => {
    shellState.messageTo = recipient
    shellState.dialog = 'sendMessage'
  },
  /**
   * Closing the palette lets go of the keyboard in the closing key's own event, whichever path closes
   * it (Escape, a command run, the backdrop, mod+k again): valtio tells React in a microtask, and on a
   * loaded machine the input kept focus 100+ ms, so "Escape g u" typed g and u into the closing palette.
   * Where focus goes back to is the palette's to decide once the closing renders.
   */
  close: () => {
    if (shellState.dialog === 'palette') {
      const active = typeof document === 'undefined' ? null : document.activeElement
      if (active instanceof HTMLElement && active.closest(`.${PALETTE_LAYER_CLASS}`)) active.blur()
    }
    shellState.dialog = null
  },
}

export function useShell() {
  return useSnapshot(shellState)
}
