import { describe, expect, it } from 'vitest'
import { CommandRegistry } from '../../commands/registry'
import { CATALOGUE_OPS_COMMANDS, CODE_IMPORT_CALLS, codeImporterPath } from '../../commands/catalogue-ops'
import type { CommandContext } from '../../commands/types'
import { ENDPOINTS } from '../../src/contract/index'
import { fakeCommandEnv } from '../helpers/command-env'

const admin: CommandContext = { account: { id: 1, type: 'admin', isOperator: false }, route: null, record: null, list: null, paneCount: 1 }
const artist: CommandContext = { ...admin, account: { id: 2, type: 'artist', isOperator: false } }
const registry = new CommandRegistry()
registry.register(CATALOGUE_OPS_COMMANDS)

describe('catalogue operations commands', () => {
  it('"Import codes…" is offered to staff only and opens the importer on the chosen form', async () => {
    expect(registry.available(admin).map((entry) => entry.title)).toContain('Import codes…')
    expect(registry.available(artist).map((entry) => entry.title)).not.toContain('Import codes…')
    const env = fakeCommandEnv()
    const choices = await CATALOGUE_OPS_COMMANDS[0].children!(admin, env)
    expect(choices.map((choice) => choice.title)).toEqual([
      'Import UPC codes into the pool',
      'Import ISRC codes into the pool (file or range)',
      'Give UPCs to releases from a CSV',
      'Give ISRCs to tracks from a CSV',
    ])
    await choices[1].run!(admin, env)
    expect(env.open).toHaveBeenCalledWith('/upc-isrc-import?pool=isrc&mode=pool')
    await choices[2].run!(admin, env)
    expect(env.open).toHaveBeenLastCalledWith(codeImporterPath('upc', 'assign'))
  })

  it('names a multipart admin endpoint for every form of the importer', () => {
    for (const calls of Object.values(CODE_IMPORT_CALLS))
      for (const id of Object.values(calls)) expect(ENDPOINTS[id]).toMatchObject({ method: 'POST', access: 'admin', bodyType: 'multipart' })
  })
})
