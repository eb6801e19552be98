import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/server/config'
import { tipaltiLink } from '../../src/domains/payouts/server/service'

describe('the payouts page Tipalti link', () => {
  const now = new Date('2026-11-22T10:00:00Z')

  it('is signed with the iFrame key and expires an hour later', () => {
    const link = tipaltiLink({ payer: 'Demo Music', secret: 'k3y', baseUrl: 'https://ui2.sandbox.tipalti.com/' }, now)
    const ts = now.getTime() / 1000
    const query = `payer=Demo%20Music&ts=${ts}`
    expect(link.tipaltiUrl).toBe(
      `https://ui2.sandbox.tipalti.com/payeedashboard/home?${query}&hashkey=${createHmac('sha256', 'k3y').update(query).digest('hex')}`,
    )
    expect(link.tipaltiExpire?.toISOString()).toBe('2026-11-22T11:00:00.000Z')
  })

  it('is absent until the payer and its key are configured', () => {
    expect(tipaltiLink(null, now)).toEqual({ tipaltiUrl: null, tipaltiExpire: null })
    expect(loadConfig({ DATA_DIR: '/tmp/x', TIPALTI_PAYER: 'Demo Music' }).payoutProviders.tipaltiPortal).toBeNull()
    expect(
      loadConfig({ DATA_DIR: '/tmp/x', TIPALTI_PAYER: 'Demo Music', TIPALTI_IFRAME_KEY: 'k3y' }).payoutProviders.tipaltiPortal,
    ).toEqual({
      payer: 'Demo Music',
      secret: 'k3y',
      baseUrl: 'https://ui2.tipalti.com',
    })
  })
})
