import { describe, expect, it } from 'vitest'
import { CommandRegistry } from '../../commands/registry'
import { IMPORT_ACTIONS, IMPORT_COMMANDS, IMPORT_FLOW_PATH } from '../../commands/earnings-imports'
import type { Command, CommandContext } from '../../commands/types'
import { fakeCommandEnv } from '../helpers/command-env'

const admin: CommandContext = { account: { id: 1, type: 'admin', isOperator: false }, route: null, record: null, list: null, paneCount: 1 }
const onImport = (state: Record<string, unknown>): CommandContext => ({ ...admin, record: { kind: 'statementImport', id: '12', state } })
const registry = new CommandRegistry()
const ALL = [...IMPORT_COMMANDS, ...IMPORT_ACTIONS.flatMap((action) => action.commands)]
registry.register(ALL)
const command = (id: string): Command => ALL.find((entry) => entry.id === id)!
const shown = (context: CommandContext) =>
  Object.fromEntries(registry.available(context).map((entry) => [entry.command.id, entry.disabledReason ?? entry.title]))

describe('statement import commands', () => {
  it('"Import statement…" opens the imports section with the flow started, for admins only', () => {
    const env = fakeCommandEnv()
    command('earnings.importStatement').run!(admin, env)
    expect(env.open).toHaveBeenCalledWith(IMPORT_FLOW_PATH)
    expect(IMPORT_FLOW_PATH).toBe('/earnings/overview/1?section=imports&import=new')
    expect(shown({ ...admin, account: { id: 2, type: 'artist', isOperator: false } })).toEqual({})
  })

  it('offers commit and cancel on an import in review, says why commit is refused, and rollback once committed', () => {
    expect(shown(onImport({ status: 'review', commitBlocked: null }))).toMatchObject({
      'earnings.importCommit': 'Commit import #12',
      'earnings.importCancel': 'Cancel import #12',
    })
    expect(shown(onImport({ status: 'review', commitBlocked: '2 lines have errors' }))['earnings.importCommit']).toBe('2 lines have errors')
    const committed = shown(onImport({ status: 'committed' }))
    expect(committed['earnings.importRollback']).toBe('Roll back import #12…')
    expect(committed['earnings.importCommit']).toBeUndefined()
    expect(shown(onImport({ status: 'rolled_back' }))['earnings.importRollback']).toBeUndefined()
    expect(shown(onImport({ status: 'parsing' }))['earnings.importCancel']).toBe('The file is still being read: cancel it when its dry run is ready.')
  })

  it('commits, cancels and (after confirming) rolls back the focused import', async () => {
    const env = fakeCommandEnv()
    await command('earnings.importCommit').run!(onImport({ status: 'review' }), env)
    expect(env.call).toHaveBeenLastCalledWith('earnings.importCommit', { params: { id: 12 } })
    expect(env.notify).toHaveBeenLastCalledWith('Import Successfully.', 'success')
    await command('earnings.importCancel').run!(onImport({ status: 'review' }), env)
    expect(env.call).toHaveBeenLastCalledWith('earnings.importCancel', { params: { id: 12 } })
    const [confirm] = (await command('earnings.importRollback').children!(onImport({ status: 'committed' }), env)) as Command[]
    expect(confirm.title).toBe('Yes, roll back import #12: reverse all of its credits')
    await confirm.run!(onImport({ status: 'committed' }), env)
    expect(env.call).toHaveBeenLastCalledWith('earnings.importRollback', { params: { id: 12 }, body: {} })
    expect(env.refresh).toHaveBeenCalledTimes(3)
  })

  it('sends a rollback that would overdraw to the import screen, where the shortfall is shown and confirmed', async () => {
    const env = fakeCommandEnv()
    env.call.mockRejectedValueOnce(Object.assign(new Error('Rolling back import #12 would take 1 account below zero'), { code: 'shortfall_unconfirmed' }))
    const [confirm] = (await command('earnings.importRollback').children!(onImport({ status: 'committed' }), env)) as Command[]
    await confirm.run!(onImport({ status: 'committed' }), env)
    expect(env.open).toHaveBeenLastCalledWith('/earnings/import/12?rollback=1')
    expect(env.refresh).not.toHaveBeenCalled()
  })
})
