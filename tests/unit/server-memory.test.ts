import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import ts from 'typescript'
import { afterAll, describe, expect, test } from 'vitest'
// @ts-expect-error: a plain ES module script without types
import { lazyModuleSource, serverEnv, serverNodeFlags } from '../../scripts/build-server.mjs'
import { ROOT, listFiles } from './boundaries/scan'

// The built server's resident memory (docs/decisions.md, "Server memory"): the settings npm start and the
// benches give it, the demo seeding's faker kept out of the modules every start loads, and the packages
// few requests use loaded at their first use.

describe('the built server starts with its memory settings', () => {
  test('two malloc arenas unless the environment says otherwise', () => {
    expect(serverEnv({ PATH: '/bin' })).toEqual({ PATH: '/bin', MALLOC_ARENA_MAX: '2' })
    expect(serverEnv({ MALLOC_ARENA_MAX: '8' }).MALLOC_ARENA_MAX).toBe('8')
  })

  test('a small young generation and the old-space limit', () => {
    expect(serverNodeFlags({})).toEqual(['--max-old-space-size=192', '--max-semi-space-size=2', '--enable-source-maps'])
    expect(serverNodeFlags({ SERVER_HEAP_MB: '256' })[0]).toBe('--max-old-space-size=256')
    // The statement import's bench compares young generations, and profiles the server.
    expect(serverNodeFlags({ SERVER_SEMI_SPACE_MB: '16' })[1]).toBe('--max-semi-space-size=16')
    expect(serverNodeFlags({ SERVER_CPU_PROF_DIR: '/tmp/prof' }).slice(3)).toEqual(['--cpu-prof', '--cpu-prof-dir=/tmp/prof'])
  })

  test('npm start and the benches spawn the server with serverEnv()', () => {
    for (const file of ['scripts/start.mjs', 'tests/bench/server-process.ts']) {
      expect(readFileSync(path.join(ROOT, file), 'utf8'), file).toMatch(/serverEnv\(\)/)
    }
  })
})

/** Whether a module takes a value (not only types) from a package by a static import. */
function importsValueFrom(text: string, pkg: string): boolean {
  const source = ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX)
  return source.statements.some(
      (s) =>
        ts.isImportDeclaration(s) &&
        ts.isStringLiteral(s.moduleSpecifier) &&
        s.moduleSpecifier.text === pkg &&
        !!s.importClause &&
        !s.importClause.isTypeOnly &&
        !(
          s.importClause.namedBindings &&
          ts.isNamedImports(s.importClause.namedBindings) &&
          !s.importClause.name &&
          s.importClause.namedBindings.elements.every((e) => e.isTypeOnly)
        ),
  )
}

describe('server code loads faker only when it seeds the demo', () => {
  test('no server module imports @faker-js/faker statically (seedDemo imports it when it runs)', () => {
    const files = [...listFiles(path.join(ROOT, 'src/server')), ...listFiles(path.join(ROOT, 'src/domains'))].filter(
      (file) => !/\.test\.tsx?$/.test(file),
    )
    const importers = files.filter((file) => importsValueFrom(readFileSync(file, 'utf8'), '@faker-js/faker'))
    expect(importers.map((file) => path.relative(ROOT, file))).toEqual([])
  })

  test('the check sees a value import and ignores type-only ones', () => {
    const probe = (source: string) => importsValueFrom(source, '@faker-js/faker')
    expect(probe("import { Faker } from '@faker-js/faker'")).toBe(true)
    expect(probe("import type { Faker } from '@faker-js/faker'")).toBe(false)
    expect(probe("import { type Faker } from '@faker-js/faker'")).toBe(false)
  })
})

describe('packages few requests use load at their first use in the built server', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wl-lazy-packages-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const requireFrom = pathToFileURL(path.join(ROOT, 'package.json')).href
  const rootRequire = createRequire(requireFrom)

  /** Writes the stand-in for `name` and runs `body` (an ES module's code using `pkg`) in a fresh node. */
  function run(name: string, imports: string, body: string): string {
    const standIn = path.join(dir, `${name}.mjs`)
    writeFileSync(standIn, lazyModuleSource(name, Object.keys(rootRequire(name)), requireFrom))
    const main = path.join(dir, `${name}-main.mjs`)
    writeFileSync(
      main,
      [
        `import { createRequire } from 'node:module'`,
        `import ${imports} from ${JSON.stringify(pathToFileURL(standIn).href)}`,
        `const loaded = () => Object.keys(createRequire(${JSON.stringify(requireFrom)}).cache).some((file) => file.includes('/node_modules/${name}/'))`,
        `const before = loaded()`,
        body,
        `console.log(JSON.stringify({ before, after: loaded(), result }))`,
      ].join('\n'),
    )
    const child = spawnSync(process.execPath, [main], { encoding: 'utf8' })
    expect(child.status, child.stderr).toBe(0)
    return child.stdout.trim()
  }

  test('a default export called as a function, with its properties', () => {
    const out = run(
      'sanitize-html',
      'sanitizeHtml',
      `const result = [sanitizeHtml('<p onclick="x()">hi<script>1</script></p>', { allowedTags: ['p'] }), sanitizeHtml.defaults.allowedTags.includes('p')]`,
    )
    expect(JSON.parse(out)).toEqual({ before: false, after: true, result: ['<p>hi</p>', true] })
  })

  test('a named class constructed (instanceof holds) and a named function called', () => {
    const smtp = run(
      'smtp-server',
      '{ SMTPServer }',
      `const server = new SMTPServer({ disabledCommands: ['AUTH'] }); const result = [server instanceof SMTPServer, typeof server.listen]`,
    )
    expect(JSON.parse(smtp)).toEqual({ before: false, after: true, result: [true, 'function'] })
    const xml = run('xmlbuilder2', '{ create }', `const result = create({ version: '1.0' }).ele('a').txt('b').end()`)
    expect(JSON.parse(xml)).toEqual({ before: false, after: true, result: '<?xml version="1.0"?><a>b</a>' })
  })

  test('a default class constructed, and a native package through a chain of calls', async () => {
    const sftp = run('ssh2-sftp-client', 'SftpClient', `const client = new SftpClient('probe'); const result = [client instanceof SftpClient, typeof client.connect]`)
    expect(JSON.parse(sftp)).toEqual({ before: false, after: true, result: [true, 'function'] })
    const image = run(
      'sharp',
      'sharp',
      `const png = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#f00' } }).png().toBuffer(); const result = await sharp(png).metadata().then((m) => [m.format, m.width, m.height])`,
    )
    expect(JSON.parse(image)).toEqual({ before: false, after: true, result: ['png', 4, 3] })
  })
})
