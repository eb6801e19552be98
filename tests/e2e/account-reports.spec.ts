import { expect, test } from '@playwright/test'
import { formatMoney } from '../../src/core/format'
import type { EarningsOverview } from '../../src/contract/earnings'
import type { ArtistReport, CountryReport, ReleaseReport, ReportDetails } from '../../src/contract/account-sales'
import { WorkspacePage } from './pages/workspace-page'
import { signedIn } from './support/signed-in'

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

test("an account's Reports section opens from the palette and shows what the ledger and the statements say", async ({ browser }) => {
  test.setTimeout(90_000)
  const page = await signedIn(browser)
  const workspace = new WorkspacePage(page)
  // The best-credited demo account (not the demo artist: the statement e2e moves its money meanwhile).
  const overview = (await (await page.request.get('/api/earnings/1')).json()) as EarningsOverview
  const top = overview.users.data.find((user) => user.email !== 'artist@demo.test')
  expect(top, 'the demo statements credit accounts').toBeTruthy()
  await workspace.runInPalette(top!.email, new RegExp(escape(top!.email)))
  await expect(page).toHaveURL(new RegExp(`/users/${top!.id}$`))

  await workspace.runInPalette('sales reports', /^Sales reports of /)
  await expect(page).toHaveURL(new RegExp(`/users/${top!.id}\\?section=reports$`))
  const api = async <T>(path: string) => (await (await page.request.get(`/api/${path}`)).json()) as T

  const details = await api<ReportDetails>(`users/report-details/${top!.id}`)
  const figures = page.getByRole('region', { name: 'Report figures' })
  await expect(figures).toContainText(formatMoney(details.balance.available))
  await expect(figures).toContainText(formatMoney(details.credited.amount))
  await expect(figures).toContainText(formatMoney(details.gross.net))
  if (details.topChannel) await expect(figures).toContainText(details.topChannel.label)
  // The chart chunk loads and draws when the account's releases have statement lines.
  const chart = page.getByRole('region', { name: 'Channels per month' })
  if (Number(details.gross.net) !== 0) await expect(chart.locator('canvas').first()).toBeVisible()
  else await expect(chart.getByText("None of this account's releases has sales in these months.")).toBeVisible()

  // Artists first; its total is the account's whole credit.
  const artists = await api<ArtistReport>(`users/report/artists/${top!.id}`)
  expect(artists.totals.amount).toBe(details.credited.amount)
  const artistTable = page.getByRole('table', { name: 'Sales by artist' })
  await expect(artistTable.getByRole('row').nth(1)).toContainText(artists.data[0].artist)
  await expect(artistTable.getByRole('row').last()).toContainText(formatMoney(artists.totals.amount))
  await page.screenshot({ path: 'test-results/account-reports.png', fullPage: true })
  await chart.screenshot({ path: 'test-results/account-reports-chart.png' })
  await page.getByRole('region', { name: 'Sales reports' }).screenshot({ path: 'test-results/account-reports-artists.png' })

  // The keyboard moves between the reports.
  await page.getByRole('tab', { name: 'Artists', exact: true }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(page).toHaveURL(/report=releases/)
  const releases = await api<ReleaseReport>(`users/report/releases/${top!.id}`)
  const releaseTable = page.getByRole('table', { name: 'Sales by release' })
  await expect(releaseTable.getByRole('row').nth(1)).toContainText(releases.data[0].release.title)
  await expect(releaseTable.getByRole('row').nth(1)).toContainText(formatMoney(releases.data[0].amount))
  await expect(releaseTable.getByRole('row').last()).toContainText(formatMoney(details.credited.amount))

  for (const next of ['tracks', 'gross-releases', 'countries']) {
    await page.keyboard.press('ArrowRight')
    await expect(page).toHaveURL(new RegExp(`report=${next}`))
  }
  await expect(page.getByRole('tab', { name: 'Countries', exact: true })).toBeFocused()
  const countries = await api<CountryReport>(`users/report/countries/${top!.id}`)
  const reports = page.getByRole('region', { name: 'Sales reports' })
  await expect(reports.getByText(/Statement figures of the account's own releases/)).toBeVisible()
  if (countries.data.length > 0) {
    const countryTable = page.getByRole('table', { name: 'Sales by country' })
    await expect(countryTable.getByRole('row').nth(1)).toContainText(countries.data[0].name)
    await expect(countryTable.getByRole('row').last()).toContainText(formatMoney(countries.totals.net))
    // Sorting by name asks the server for another order.
    await countryTable.getByRole('button', { name: 'Country' }).click()
    const byName = [...countries.data].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base', numeric: true }))
    await expect(countryTable.getByRole('row').nth(1)).toContainText(byName[0].name)
  }
  await reports.screenshot({ path: 'test-results/account-reports-countries.png' })

  // A period: the figures follow it.
  const month = details.lastMonth ?? '2025-01'
  await page.getByLabel('From', { exact: true }).fill(month)
  await page.getByLabel('To', { exact: true }).fill(month)
  await page.getByLabel('To', { exact: true }).press('Enter')
  await expect(page).toHaveURL(new RegExp(`from=${month}&to=${month}`))
  const inMonth = await api<ReportDetails>(`users/report-details/${top!.id}?from=${month}&to=${month}`)
  await expect(figures).toContainText(formatMoney(inMonth.credited.amount))
  await expect(page.getByRole('form', { name: 'Period' })).toContainText('Showing')
})
