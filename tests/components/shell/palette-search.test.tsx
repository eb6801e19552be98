import { afterEach, describe, expect, it, vi } from 'vitest'
import { commandEnv } from '../../../src/client/shell/commands'

afterEach(() => vi.restoreAllMocks())

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })

describe('the palette’s entity search', () => {
  it('asks the kinds the server named late once more, alone, and ranks their hits with the rest', async () => {
    const asked: URL[] = []
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost')
      asked.push(url)
      if (!url.searchParams.get('kinds'))
        return json({ hits: [{ kind: 'release', id: 7, title: 'Ivy League', subtitle: 'Release', score: 0.4 }], late: ['account'] })
      return json({ hits: [{ kind: 'account', id: 42, title: 'Ivy Stone', subtitle: 'ivy@demo.test', score: 1 }], late: [] })
    })
    const hits = await commandEnv.search('ivy@demo.test', new AbortController().signal)
    expect(asked.map((url) => url.searchParams.get('kinds'))).toEqual([null, 'account'])
    expect(hits.map((hit) => hit.title)).toEqual(['Ivy Stone', 'Ivy League'])
  })

  it('asks once when every kind answered in time', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json({ hits: [], late: [] }))
    expect(await commandEnv.search('nothing', new AbortController().signal)).toEqual([])
    expect(fetch).toHaveBeenCalledTimes(1)
  })
})
