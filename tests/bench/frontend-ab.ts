import { chromium, type Page } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium'
import { PALETTE_OPEN, RELEASE_ROW, ROW, listRow, measureFrontend, pct, shownQuery, signedInPage, timed } from './frontend'

/**
 * Two builds side by side on a busy machine: the front-end bench's interactions (list → list, record
 * open, Ctrl+K, keystrokes) repeated in one signed-in page per server, the servers taken in turn each
 * round, so both meet the same load. Answers min / p50 / p90 per interaction and server. A cold first
 * list is `frontend.ts`'s; this is for telling two versions of the warm paths apart.
 *
 * `node --import tsx tests/bench/frontend-ab.ts http://localhost:3301 http://localhost:3300 email password [rounds] [--cold]`
 *
 * With `--cold`, each round is one run of `frontend.ts`'s cold visit per server instead (a fresh
 * browser: first list, then at once list → list, record, Ctrl+K, keystrokes), the servers in turn.
 */
const USERS_ROW = listRow('users')
const RECORD = '.wl-tab[data-focused][data-record-kind="release"]'

async function signedIn(url: string, email: string, password: string): Promise<Page> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  const { page } = await signedInPage(browser, url, { email, password })
  await page.goto('/users/manage/1')
  await page.locator(ROW).first().waitFor()
  // The idle preloads (grid, mosaic, dialogs) are in before anything is timed.
  await page.waitForTimeout(2500)
  await page.locator('body').click({ position: { x: 5, y: 5 } })
  return page
}

async function round(page: Page, add: (name: string, ms: number) => void) {
  add('list → list', await timed(page, ['g', 'r'], RELEASE_ROW))
  await page.keyboard.press('j')
  add('record open', await timed(page, ['Enter'], RECORD))
  await page.goBack()
  await page.locator(RELEASE_ROW).first().waitFor()
  await page.waitForTimeout(200)
  add('list → list back', await timed(page, ['g', 'u'], USERS_ROW))
  await page.waitForTimeout(200)
  add('Ctrl+K', await timed(page, ['Control+k'], PALETTE_OPEN))
  await page.waitForTimeout(200)
  let typed = ''
  for (const char of 'go to pay') {
    typed += char
    const ms = await timed(page, [char === ' ' ? 'Space' : char], shownQuery(typed), false, 2_000).catch(() => NaN)
    if (Number.isFinite(ms)) add('keystroke', ms)
  }
  await page.keyboard.press('Escape')
  await page.waitForTimeout(200)
}

if (process.argv[1] && import.meta.filename === (await import('node:path')).resolve(process.argv[1])) {
  const [a, b, email, password, rounds = '8'] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'))
  const line = (values: number[]) => [0, 0.5, 0.9].map((q) => String(pct(values, q)).padStart(5)).join(' /')
  if (process.argv.includes('--cold')) {
    const seen: Record<string, Record<string, number[]>> = { A: {}, B: {} }
    for (let index = 0; index < Number(rounds); index++)
      for (const name of (index % 2 ? ['B', 'A'] : ['A', 'B']) as ('A' | 'B')[]) {
        const result = await measureFrontend(name === 'A' ? a : b, { email, password }, { runs: 1 })
        const { firstList, listToListMs, recordOpenMs, recordReopenMs, paletteOpenMs, keystrokeMs, keystrokeWarmMs } = result
        const add = (what: string, values: number[]) => (seen[name][what] ??= []).push(...values)
        add('first list', firstList.paintedMs)
        // When the list's read left (after navigation start): with the HTML when the server preloads it.
        add('list data asked', firstList.dataRequestStartMs)
        add('list → list', listToListMs)
        add('record open', recordOpenMs)
        add('record again', recordReopenMs)
        add('Ctrl+K', paletteOpenMs)
        add('keystroke', keystrokeMs)
        add('keystroke again', keystrokeWarmMs)
      }
    console.log(`cold runs, min / p50 / p90 ms, A = ${a}, B = ${b}`)
    for (const what of Object.keys(seen.A)) console.log(`${what.padEnd(18)} A ${line(seen.A[what])}    B ${line(seen.B[what])}`)
    process.exit(0)
  }
  const pages = { A: await signedIn(a, email, password), B: await signedIn(b, email, password) }
  const seen: Record<string, Record<string, number[]>> = { A: {}, B: {} }
  for (let index = 0; index < Number(rounds); index++)
    for (const name of (index % 2 ? ['B', 'A'] : ['A', 'B']) as ('A' | 'B')[])
      await round(pages[name], (what, ms) => (seen[name][what] ??= []).push(ms))
  console.log(`min / p50 / p90 ms, A = ${a}, B = ${b}`)
  for (const what of Object.keys(seen.A)) console.log(`${what.padEnd(18)} A ${line(seen.A[what])}    B ${line(seen.B[what])}`)
  for (const page of Object.values(pages)) await page.context().browser()?.close()
}
