import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { WorkspacePage } from './pages/workspace-page'
import { signedIn } from './support/signed-in'

interface Connection {
  provider: string
  approved: { count: number; net: string }
  message: string
}

const cents = (value: string) => {
  const [whole, fraction = ''] = value.split('.')
  return Number(whole) * 100 + Number((fraction + '00').slice(0, 2))
}

test('staff export the approved PayPal payouts from the palette and find them in the downloaded batch file', async ({ browser }) => {
  test.setTimeout(90_000)
  const admin = await signedIn(browser)
  const workspace = new WorkspacePage(admin)

  // What waits for the next PayPal batch (the demo leaves approved payouts).
  const before = (await (await admin.request.get('/api/payouts/connections')).json()) as { data: Connection[] }
  const paypal = before.data.find((entry) => entry.provider === 'paypal')!
  expect(paypal.approved.count).toBeGreaterThanOrEqual(2)
  // Net rounded per payout in the file may differ from the exact sum by under a cent per payout.
  const expectedNet = cents(paypal.approved.net)

  await workspace.runInPalette('export approved', 'Export approved payouts…')
  await expect(workspace.palette()).toHaveAttribute('placeholder', 'Choose the provider')
  await admin.keyboard.type('PayPal')
  const option = admin.getByRole('option', { name: new RegExp(`^PayPal: ${paypal.approved.count} approved payouts`) })
  await expect(option).toBeVisible()
  await admin.keyboard.press('Enter')
  await expect(admin.getByRole('option', { name: `Yes, export ${paypal.approved.count} payouts to a PayPal batch file` })).toBeVisible()
  await admin.keyboard.press('Enter')

  const notice = admin.getByText(/^Batch #\d+ exported: \d+ payouts, \$[\d,]+\.\d\d to pay\.$/)
  await expect(notice).toBeVisible()
  const batchId = Number(/#(\d+)/.exec((await notice.textContent()) ?? '')![1])
  await expect(admin).toHaveURL(new RegExp(`/payouts/export/1\\?batch=${batchId}$`))
  const history = admin.getByRole('table', { name: 'Payout batches' })
  const row = history.getByRole('row', { name: new RegExp(`#${batchId}\\b`) })
  await expect(row).toContainText('PayPal')
  await expect(row).toContainText(`${paypal.approved.count} processing`)
  await admin.screenshot({ path: 'test-results/payout-export.png', fullPage: true })

  // The file, downloaded from the palette on the focused batch.
  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    workspace.runInPalette('download', new RegExp(`Download the file of batch #${batchId}`)),
  ])
  expect(download.suggestedFilename()).toMatch(new RegExp(`^paypal-payouts-\\d{4}-\\d{2}-\\d{2}-batch-${batchId}\\.csv$`))
  const lines = (await readFile((await download.path())!, 'utf8')).split('\r\n').filter(Boolean)
  expect(lines).toHaveLength(paypal.approved.count)
  let total = 0
  for (const line of lines) {
    const [email, amount, currency, reference, , wallet] = line.split(',')
    expect(email).toMatch(/@/)
    expect(amount).toMatch(/^\d+\.\d\d$/)
    expect([currency, wallet]).toEqual(['USD', 'PAYPAL'])
    expect(reference).toMatch(/^P\d+$/)
    total += cents(amount)
  }
  expect(Math.abs(total - expectedNet)).toBeLessThanOrEqual(lines.length)

  // Nothing approved is left for PayPal; the connections screen says how PayPal is paid.
  const after = (await (await admin.request.get('/api/payouts/connections')).json()) as { data: Connection[] }
  expect(after.data.find((entry) => entry.provider === 'paypal')!.approved.count).toBe(0)
  await workspace.runInPalette('payout connections', /Payout connections/)
  await expect(admin.getByText('PayPal: not configured — batches are paid by uploading the file')).toBeVisible()
  await expect(admin.getByRole('link', { name: /Open PayPal account activity/ })).toHaveAttribute(
    'href',
    'https://www.paypal.com/myaccount/activities',
  )
  await admin.screenshot({ path: 'test-results/payout-connections.png', fullPage: true })
})
