import { chromium } from '@playwright/test'
const base = process.env.BASE ?? 'http://localhost:3400'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] })
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
page.on('pageerror', (e) => console.log('PAGEERROR', e.message))
page.on('console', (m) => { if (m.type() === 'error') console.log('CONSOLE', m.text()) })
await page.goto(base + '/login')
await page.getByLabel('Email').fill(process.env.WHO ?? 'operator@demo.test')
await page.getByLabel('Password').fill('demo-password')
await page.getByRole('button', { name: 'Sign in' }).click()
await page.waitForURL(/dashboard|setup/, { timeout: 20000 }).catch(() => {})
await page.waitForTimeout(1500)
const steps = JSON.parse(process.env.STEPS ?? '[]')
let i = 0
for (const step of steps) {
  if (step.goto) await page.goto(base + step.goto)
  if (step.press) await page.keyboard.press(step.press)
  if (step.type) await page.keyboard.type(step.type, { delay: 20 })
  if (step.click) await page.getByText(step.click, { exact: step.exact ?? false }).first().click()
  if (step.role) await page.getByRole(step.role, { name: step.name }).first().click()
  await page.waitForTimeout(step.wait ?? 1200)
  if (step.shot) { await page.screenshot({ path: `/tmp/shots/${step.shot}.png` }); console.log('shot', step.shot, page.url()) }
}
await browser.close()
