import { describe, expect, it } from 'vitest'
import type { SearchHit } from '../../src/contract/search'
import type { AuthedContext } from '../../src/server/context'
import { parseQuery, type SearchProvider } from '../../src/server/search'
import { budgetFor, gatherHits, IDENTIFIER_BUDGET_MS } from '../../src/domains/search/server/routes'

describe('palette query parsing', () => {
  it('reads a number as an amount only when the query says so', () => {
    for (const q of ['$12.50', '12.50', '12 USD', '€12', '£ 12.5', '12.5 eur']) expect(parseQuery(q).amount, q).toMatch(/^12(\.50?)?$/)
    for (const q of ['1250', '#12', 'payout:12', '12.5.1', '$', 'USD']) expect(parseQuery(q).amount, q).toBeNull()
    expect(parseQuery('1250')).toMatchObject({ id: 1250, idPrefix: null, identifier: false })
  })

  it('marks identifiers, which providers answer from their indexes alone', () => {
    expect(parseQuery('Nina@Music.test')).toMatchObject({ email: 'nina@music.test', identifier: true })
    expect(parseQuery('036000291452')).toMatchObject({ upc: '036000291452', identifier: true })
    expect(parseQuery('gb-aye-25-00012')).toMatchObject({ isrc: 'GBAYE2500012', identifier: true })
    expect(parseQuery('payout:42')).toMatchObject({ id: 42, idPrefix: 'payout', identifier: true })
    expect(parseQuery('#42')).toMatchObject({ id: 42, identifier: true })
    expect(parseQuery('BX0004242')).toMatchObject({ code: 'BX0004242', identifier: true })
    expect(parseQuery('BENCH-PAYEE-4242')).toMatchObject({ code: 'BENCH-PAYEE-4242', identifier: true })
    expect(parseQuery('blink2')).toMatchObject({ code: null, identifier: false })
    // An unknown prefix is a catalogue number, not an id.
    expect(parseQuery('WLX-00')).toMatchObject({ id: null, idPrefix: null, identifier: false })
    expect(parseQuery('velvet harbor')).toMatchObject({ id: null, email: null, upc: null, isrc: null, amount: null, identifier: false })
  })
})

const hit = (kind: SearchHit['kind'], score: number): SearchHit => ({ kind, id: 1, title: kind, subtitle: '', score })
const provider = (kind: SearchHit['kind'], ms: number, result: SearchHit[] | Error): SearchProvider => ({
  kind,
  access: 'admin',
  search: () => new Promise((resolve, reject) => setTimeout(() => (result instanceof Error ? reject(result) : resolve(result)), ms)),
})
const warnings: unknown[] = []
const ctx = { req: { log: { warn: (...args: unknown[]) => warnings.push(args) } } } as unknown as AuthedContext

describe('palette search providers', () => {
  it('wait up to 3 s for an identifier (gl15, #12), and the configured budget for text', () => {
    expect(budgetFor(parseQuery('gl15'), 400)).toBe(IDENTIFIER_BUDGET_MS)
    expect(budgetFor(parseQuery('#12'), 400)).toBe(IDENTIFIER_BUDGET_MS)
    expect(budgetFor(parseQuery('gl15'), 10_000)).toBe(10_000)
    expect(budgetFor(parseQuery('velvet hearts'), 400)).toBe(400)
  })


  it('run concurrently and answer within the budget with what is ready, naming the late kinds', async () => {
    const started = performance.now()
    const result = await gatherHits(
      [
        provider('account', 30, [hit('account', 0.5)]),
        provider('release', 40, [hit('release', 0.9)]),
        provider('payout', 1000, [hit('payout', 1)]),
      ],
      ctx,
      parseQuery('nina'),
      20,
      150,
    )
    const took = performance.now() - started
    expect(result).toEqual({ hits: [hit('release', 0.9), hit('account', 0.5)], late: ['payout'] })
    // Concurrent: well under the providers' sum, and not waiting for the late one.
    expect(took).toBeLessThan(600)
  })

  it('answer as soon as all are in, and fail on an error in time but only log one after the budget', async () => {
    const started = performance.now()
    const quick = await gatherHits([provider('account', 10, [hit('account', 1)])], ctx, parseQuery('x'), 20, 5000)
    expect(quick).toEqual({ hits: [hit('account', 1)], late: [] })
    expect(performance.now() - started).toBeLessThan(1000)
    await expect(gatherHits([provider('account', 10, new Error('boom'))], ctx, parseQuery('x'), 20, 1000)).rejects.toThrow('boom')
    const late = await gatherHits([provider('track', 100, new Error('late boom'))], ctx, parseQuery('x'), 20, 20)
    expect(late).toEqual({ hits: [], late: ['track'] })
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(warnings).toHaveLength(1)
  })
})
