import { DEFAULT_LOGO_SIZE, DEFAULT_THEME_COLORS } from '@core/theme'
import type { Seeder } from '@server/seed/seeder'
import type { Services } from '@server/context'
import type { Queryable } from '@server/db/engine'
import { DEFAULT_MENU } from './defaults'
import { coverage, encodePng, hex, lerp, over, type Rgba } from './png'
import * as repo from './repository'

const CLEAR: Rgba = [0, 0, 0, 0]

/** The demo label's mark: a record with a sound-wave, in `ink` on a transparent ground. */
function logo(ink: string, accent: string): Buffer {
  const width = 320
  const height = 96
  const bars = [22, 40, 58, 34, 50, 26, 44]
  return encodePng(width, height, (x, y) => {
    let pixel = CLEAR
    const disc = Math.hypot(x - 48, y - 48)
    pixel = over(pixel, hex(ink), coverage(disc - 40))
    pixel = over(pixel, hex(accent), coverage(disc - 14) * coverage(10 - disc))
    pixel = over(pixel, hex(accent), coverage(disc - 4))
    bars.forEach((barHeight, index) => {
      const left = 112 + index * 28
      const inside = Math.max(left - x, x - (left + 14), 48 - barHeight / 2 - y, y - (48 + barHeight / 2))
      pixel = over(pixel, hex(index % 2 ? accent : ink), coverage(inside))
    })
    return pixel
  })
}

function favicon(): Buffer {
  return encodePng(64, 64, (x, y) => {
    const distance = Math.hypot(x - 32, y - 32)
    let pixel = over(CLEAR, hex(DEFAULT_THEME_COLORS.primary), coverage(distance - 30))
    pixel = over(pixel, hex('#000000'), coverage(distance - 12))
    return over(pixel, hex(DEFAULT_THEME_COLORS.primary), coverage(distance - 4))
  })
}

/** Album-art style slide: a diagonal gradient with two soft circles. */
function slide(from: string, to: string, ring: string): Buffer {
  const width = 960
  const height = 540
  return encodePng(width, height, (x, y) => {
    let pixel = lerp(hex(from), hex(to), (x / width + y / height) / 2)
    const big = Math.hypot(x - 690, y - 250)
    pixel = over(pixel, hex(ring, 90), coverage(big - 190) * coverage(150 - big))
    const small = Math.hypot(x - 250, y - 380)
    return over(pixel, hex('#FFFFFF', 40), coverage(small - 90))
  })
}

const SLIDES = [
  {
    artistName: 'Nina Vale',
    text: 'New single “Glass Harbour” out now everywhere.',
    link: null,
    colors: ['#1B1B3A', '#F5C542', '#FFF8E6'],
  },
  {
    artistName: 'Marsh Audio',
    text: 'Summer showcase: ten artists, one night.',
    link: 'https://example.com/showcase',
    colors: ['#0F3D3E', '#E2B13C', '#F1F1E6'],
  },
  {
    artistName: 'Aurora Fields',
    text: 'Debut album “Northern Lines” arrives Friday.',
    link: null,
    colors: ['#3A0F2E', '#F28C38', '#FFE3C7'],
  },
] as const

async function saveDemoImage(tx: Queryable, services: Services, tenantId: number, createdBy: number | null, purpose: string, data: Buffer) {
  const file = await services.files.save(tx, {
    tenantId,
    purpose,
    originalName: `${purpose}.png`,
    data,
    kind: 'image',
    maxBytes: 4 * 1024 * 1024,
    visibility: 'public',
    createdBy,
  })
  return file.id
}

/**
 * The demo workspace's branding (logos, favicon, address), the portal menu and a few sign-in
 * slides. The support email, the mail setup and the agreement are left for the operator's first-run
 * wizard, which therefore opens at its first step on a fresh demo database.
 */
export const siteSetupSeeder: Seeder = {
  name: 'site setup',
  async run({ services, tenant }) {
    const now = services.now()
    const owner = tenant.ownerAccountId
    const images = {
      logo: logo('#111111', DEFAULT_THEME_COLORS.primary),
      darkLogo: logo('#F5F5F5', DEFAULT_THEME_COLORS.primary),
      favicon: favicon(),
      slides: SLIDES.map(({ colors: [from, to, ring] }) => slide(from, to, ring)),
    }
    await services.db.transaction(async (tx) => {
      const save = (purpose: string, data: Buffer) => saveDemoImage(tx, services, tenant.id, owner, purpose, data)
      // Shown at the default size: height 50, width from the 320x96 artwork.
      const width = Math.round((DEFAULT_LOGO_SIZE * 320) / 96)
      await repo.upsertSettings(
        tx,
        tenant.id,
        {
          companyName: tenant.name,
          logoFileId: await save('logo', images.logo),
          darkLogoFileId: await save('dark-logo', images.darkLogo),
          logoSize: DEFAULT_LOGO_SIZE,
          logoWidth: width,
          logoHeight: DEFAULT_LOGO_SIZE,
          darkLogoWidth: width,
          darkLogoHeight: DEFAULT_LOGO_SIZE,
          faviconFileId: await save('favicon', images.favicon),
          faviconVersion: 1,
          country: 'US',
          postcode: '10001',
          state: 'NY',
          city: 'New York',
          addressLine1: '350 Fifth Avenue',
          updatedBy: owner,
        },
        now,
      )
      await repo.upsertMenu(
        tx,
        tenant.id,
        DEFAULT_MENU.map((item) => ({ ...item, visible: true })),
        now,
      )
      for (const [position, entry] of SLIDES.entries()) {
        await repo.insertSlide(tx, {
          tenantId: tenant.id,
          imageFileId: await save('login-slide', images.slides[position]),
          artistName: entry.artistName,
          text: entry.text,
          link: entry.link,
          visible: true,
          position,
        })
      }
    })
  },
}
