import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { ENDPOINTS, fillPath, routePath, type EndpointDef } from '../../src/contract/index'

const tsv = readFileSync(new URL('../fixtures/spec/endpoints.tsv', import.meta.url), 'utf8')
const specCalls = new Map(
  tsv
    .split('\n')
    .filter((line) => /^(GET|POST|PUT|PATCH|DELETE)\t/.test(line))
    .map((line) => line.split('\t'))
    .map(([method, path, access]) => [`${method} ${path}`, access]),
)
const documented = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8')

describe('contract', () => {
  it('builds paths from parameters, encoded', () => {
    expect(fillPath('users/single/{id}', { id: 42 })).toBe('users/single/42')
    expect(fillPath('files/{id}', { id: 'a/b' })).toBe('files/a%2Fb')
    expect(() => fillPath('files/{id}', {})).toThrow('Missing path parameter id')
    expect(routePath('releases/{release}/user/{user}/sales/monthly')).toBe('/api/releases/:release/user/:user/sales/monthly')
  })

  it('gives every endpoint a unique method and path', () => {
    const keys = Object.values(ENDPOINTS).map((def: EndpointDef) => `${def.method} ${def.path}`)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('matches endpoints.tsv access for every call it names, and documents every call it adds', () => {
    for (const [id, def] of Object.entries(ENDPOINTS) as [string, EndpointDef][]) {
      const key = `${def.method} ${def.path}`
      const access = specCalls.get(key)
      if (access) expect(`${id}: ${def.access}`).toBe(`${id}: ${access}`)
      else expect(documented, `${key} (${id}) is not in endpoints.tsv, so docs/api.md must list it`).toContain(`\`${key}\``)
    }
  })

  it('has a summary for every endpoint (the OpenAPI document shows it)', () => {
    for (const [id, def] of Object.entries(ENDPOINTS) as [string, EndpointDef][]) expect(def.summary.length, id).toBeGreaterThan(10)
  })
})
