import { z } from 'zod'
import { INVALID_LOGO_DIMENSIONS, type SiteSettings } from '@contract/site'
import { ApiError } from '@client/api'
import { LOAD_FAILED, STEP_FAILED } from '@machines/setup-wizard/setup-wizard.machine'

export { LOAD_FAILED, STEP_FAILED }

/**
 * What a screen shows when an action fails: the server's message, or the spec's fallback. The API
 * always answers with a code; an answer without one came from something in between (a proxy page).
 */
export function failureText(error: unknown, fallback = STEP_FAILED): string {
  return error instanceof ApiError && error.status > 0 && error.code && !error.canceled ? error.message : fallback
}

/** A failed load (menus, initial settings): the server's message when there is one, else the administrator message. */
export function loadFailureText(error: { message: string; status?: number } | null): string {
  return error && error.status && error.status > 0 ? error.message : LOAD_FAILED
}

export const IMAGE_TYPES = ['image/png', 'image/jpeg'] as const
export const IMAGE_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg'
export const NOT_AN_IMAGE = 'Image upload accepts JPG and PNG only.'

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('Unreadable file')))
    reader.onerror = () => reject(reader.error ?? new Error('Unreadable file'))
    reader.readAsDataURL(file)
  })
}

/** Refuses what is not a JPG or PNG before reading it (the server checks the bytes again). */
export function imageProblem(file: File, maxBytes: number): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return NOT_AN_IMAGE
  if (file.size === 0) return 'The file is empty.'
  if (file.size > maxBytes) return `The image is larger than ${Math.round((maxBytes / 1024 / 1024) * 10) / 10} MB.`
  return null
}

/** An image field's state: keep what is saved, replace it with a new one, or remove it. */
export type ImageChange = { kind: 'keep' } | { kind: 'new'; dataUrl: string; name: string } | { kind: 'remove' }

/** What the save call sends for one image: nothing to keep it, the data URL to replace it, null to remove it. */
export function imageBody(change: ImageChange): string | null | undefined {
  return change.kind === 'keep' ? undefined : change.kind === 'new' ? change.dataUrl : null
}

export interface Size {
  width: number
  height: number
}

/** A logo shown `size` pixels high keeps its proportions: the dimensions saved for it. */
export function logoDimensionsFor(natural: Size | null, size: number): Size | null {
  if (!natural || natural.width <= 0 || natural.height <= 0) return null
  return { width: Math.max(1, Math.round((size * natural.width) / natural.height)), height: size }
}

/** Saving dimensions needs the current width and height of every logo there is; raised before anything is sent. */
export function checkLogoDimensions(logos: { present: boolean; dimensions: Size | null }[]): string | null {
  return logos.some((logo) => logo.present && !(logo.dimensions?.width && logo.dimensions.height)) ? INVALID_LOGO_DIMENSIONS : null
}

/** The theme sends a logo's dimensions only when both its width and height are set. */
export function themeBody(logoSize: number, logo: Partial<Size> | null, darkLogo: Partial<Size> | null) {
  const both = (value: Partial<Size> | null) => (value?.width && value.height ? { width: value.width, height: value.height } : undefined)
  const logoDimensions = both(logo)
  const darkLogoDimensions = both(darkLogo)
  return { logoSize, ...(logoDimensions ? { logoDimensions } : {}), ...(darkLogoDimensions ? { darkLogoDimensions } : {}) }
}

/** Support email: required, and must look like an address. */
export function supportEmailProblem(value: string): string | null {
  const trimmed = value.trim()
  if (!trimmed) return 'Email is required'
  return z.email().safeParse(trimmed).success ? null : 'Email must be valid'
}

/**
 * Where a white-label operator is sent to finish the company profile: logo settings while a logo
 * is missing, company details while support email, country, postcode or state is; null when done.
 */
export function profileTab(settings: Pick<SiteSettings, 'logo' | 'darkLogo' | 'supportEmail' | 'address'>): 0 | 2 | null {
  if (!settings.logo || !settings.darkLogo) return 0
  const { country, postcode, state } = settings.address
  if (!settings.supportEmail || !country || !postcode || !state) return 2
  return null
}

export type PreviewMode = 'light' | 'dark'
export const PREVIEW_MODE_KEY = 'wl_preview_theme_mode'

/** The logo preview's light or dark background, kept in local storage (default light). */
export function readPreviewMode(): PreviewMode {
  try {
    return localStorage.getItem(PREVIEW_MODE_KEY) === 'dark' ? 'dark' : 'light'
  } catch {
    return 'light'
  }
}

export function writePreviewMode(mode: PreviewMode): void {
  try {
    localStorage.setItem(PREVIEW_MODE_KEY, mode)
  } catch {
    // Storage disabled: the choice lasts for this page only.
  }
}

/** Moves the item at `from` by `delta` places; the list is unchanged at its ends. */
export function moveItem<T>(items: readonly T[], from: number, delta: -1 | 1): T[] {
  const to = from + delta
  if (to < 0 || to >= items.length) return [...items]
  const next = [...items]
  ;[next[from], next[to]] = [next[to], next[from]]
  return next
}
