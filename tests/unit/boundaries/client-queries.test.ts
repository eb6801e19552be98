import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { ENDPOINTS } from '../../../src/contract'
import { ROOT, listFiles } from './scan'

// A screen that asks a list call for a page size the contract refuses gets a 400 on every load: the
// fan blast section asked per_page=10 of a call that serves 25 and up, and every artist's dashboard
// showed an alert. Screens are tested against mocked fetches, which accept anything; this reads every
// client call written with its query inline and checks that query against the endpoint's schema.

const CALL = /\.call\(\s*'([\w.]+)',\s*\{[^\n]*?query:\s*\{([^{}\n]*)\}/g
const LITERAL = /(\w+):\s*('[^']*'|-?\d+(?:\.\d+)?|true|false)(?=\s*[,}]|\s*$)/g

/** The query's entries whose values are written as literals (variables are left to the types). */
function literalEntries(body: string): Record<string, unknown> {
  const entries: Record<string, unknown> = {}
  for (const [, key, raw] of body.matchAll(LITERAL)) {
    entries[key] = raw.startsWith("'") ? raw.slice(1, -1) : raw === 'true' ? true : raw === 'false' ? false : Number(raw)
  }
  return entries
}

describe('client calls ask what the contract accepts', () => {
  test('every inline query literal of a client call passes its endpoint schema', () => {
    const sources = [
      ...listFiles(path.join(ROOT, 'src/client')),
      ...listFiles(path.join(ROOT, 'src/domains')),
      ...listFiles(path.join(ROOT, 'commands')),
    ].filter((file) => !file.includes(`${path.sep}server${path.sep}`) && !/\.test\.tsx?$/.test(file))
    const refused: string[] = []
    let checked = 0
    for (const file of sources) {
      const source = readFileSync(file, 'utf8')
      for (const [, id, body] of source.matchAll(CALL)) {
        const endpoint = (
          ENDPOINTS as Record<
            string,
            {
              query?: {
                shape?: Record<string, { safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } } }>
              }
            }
          >
        )[id]
        const shape = endpoint?.query?.shape
        if (!shape) continue
        for (const [key, value] of Object.entries(literalEntries(body))) {
          const field = shape[key]
          if (!field) continue
          checked += 1
          const parsed = field.safeParse(typeof value === 'number' ? String(value) : value)
          if (!parsed.success)
            refused.push(`${path.relative(ROOT, file)}: ${id} ${key}=${String(value)}: ${parsed.error?.issues[0]?.message}`)
        }
      }
    }
    expect(checked).toBeGreaterThan(10)
    expect(refused).toEqual([])
  })
})
