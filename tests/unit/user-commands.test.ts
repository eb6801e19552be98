import { fakeCommandEnv } from '../helpers/command-env'
import { accountState } from '../helpers/records'
import { describe, expect, it } from 'vitest'
import { CommandRegistry } from '../../commands/registry'
import { USER_ACTIONS, USER_COMMANDS } from '../../commands/users'
import { selectionOf } from '../../commands/actions'
import type { CommandContext } from '../../commands/types'

const base: CommandContext = { account: { id: 1, type: 'admin', isOperator: false }, route: null, record: null, list: null, paneCount: 1 }
const onAccount = (state: Parameters<typeof accountState>[0]): CommandContext => ({
  ...base,
  record: { kind: 'account', id: '42', title: 'Nina Vale', state: accountState(state) },
})
const onUsersList = (ids: number[]): CommandContext => ({
  ...base,
  list: {
    listId: 'users',
    title: 'Users',
    selectedCount: ids.length,
    bulkActions: [],
    selection: selectionOf(
      'account',
      ids.map((id) => ({ id, state: accountState({ displayName: `User ${id}` }) })),
    ),
  },
})

const env = () => fakeCommandEnv()
const signal = () => new AbortController().signal

const registry = new CommandRegistry()
registry.register(USER_COMMANDS)
registry.register(USER_ACTIONS.flatMap((action) => action.commands))
const titles = (context: CommandContext) =>
  registry.available(context).map((entry) => (entry.disabledReason ? `${entry.title} [${entry.disabledReason}]` : entry.title))

describe('account actions', () => {
  it('appear only on an account tab, and only the ones that fit its state', () => {
    expect(titles(base)).toEqual(['Invite an artist…', 'Invite an admin…', 'Import users from a CSV'])
    const active = titles(onAccount({}))
    expect(active).toEqual(
      expect.arrayContaining(['Ban Nina Vale…', 'Verify: Nina Vale', 'Block withdrawals: Nina Vale', 'Continue as Nina Vale']),
    )
    expect(active).not.toContain('Unban Nina Vale')
    const banned = titles(onAccount({ banned: true, verified: true, blockWithdraw: true }))
    expect(banned).toEqual(
      expect.arrayContaining([
        'Unban Nina Vale',
        'Remove verification: Nina Vale',
        'Unblock withdrawals: Nina Vale',
        'Continue as Nina Vale [This account is banned]',
      ]),
    )
    expect(banned).not.toContain('Ban Nina Vale…')
    expect(titles(onAccount({ isOperator: true, type: 'admin' }))).toEqual(
      expect.arrayContaining(['Ban Nina Vale… [The workspace operator cannot be banned]']),
    )
  })

  it('are for staff only: access comes from the contract endpoint', () => {
    // Continuing as a collaborator is open to any signed-in account in the contract (a label continues
    // as its artists; the server checks the link); every other account action is admin-only.
    const artist: CommandContext = { ...onAccount({}), account: { id: 2, type: 'artist', isOperator: false } }
    expect(titles(artist)).toEqual(['Continue as Nina Vale'])
  })

  it('ban asks for the reason on its own page and sends it, then refreshes', async () => {
    const ban = registry.get('users.banSubmit')!
    const context = onAccount({})
    const fake = env()
    expect(await ban.search!('', context, fake, signal())).toEqual([])
    const [confirm] = await ban.search!('Fraudulent streams', context, fake, signal())
    expect(confirm.title).toBe('Ban Nina Vale: “Fraudulent streams”')
    await confirm.run!(context, fake)
    expect(fake.call).toHaveBeenCalledWith('users.banSubmit', { body: { userId: 42, reason: 'Fraudulent streams' } })
    expect(fake.refresh).toHaveBeenCalled()
    expect(fake.notify).toHaveBeenCalledWith('Nina Vale is banned; their sessions have ended.', 'success')
  })

  it('ban on a list selection asks the same question and bans each selected account with that reason', async () => {
    const context = onUsersList([7, 8])
    expect(titles(context)).toEqual(expect.arrayContaining(['Ban 2 selected accounts…', 'Verify: 2 selected accounts']))
    const ban = registry.get('users.banSubmit.selection')!
    expect(ban.placeholder).toBe(registry.get('users.banSubmit')!.placeholder)
    const fake = env()
    const [confirm] = await ban.search!('Spam', context, fake, signal())
    expect(confirm.title).toBe('Ban 2 selected accounts: “Spam”')
    await confirm.run!(context, fake)
    expect(fake.call.mock.calls).toEqual([
      ['users.banSubmit', { body: { userId: 7, reason: 'Spam' } }],
      ['users.banSubmit', { body: { userId: 8, reason: 'Spam' } }],
    ])
    expect(fake.notify).toHaveBeenCalledWith('Banned 2 of 2.', 'success')
    expect(titles(onUsersList([]))).toEqual(
      expect.arrayContaining(['Ban 0 selected accounts… [Select rows first (x, or shift+x for all)]']),
    )
  })

  it('refuses a bad percentage before sending anything', async () => {
    const split = registry.get('users.editTenantSplit')!
    const [choice] = await split.search!('150', onAccount({}), env(), signal())
    expect(choice.title).toBe('Type a percentage between 0 and 100')
    expect(choice.when!(onAccount({}))).toBe('Type a percentage between 0 and 100')
  })

  it('changes the type through a page of the other types', async () => {
    const change = registry.get('users.editType')!
    const fake = env()
    const choices = await change.children!(onAccount({ type: 'label' }), fake)
    expect(choices.map((choice) => choice.title)).toEqual(['Make an artist', 'Make an admin'])
    await choices[1].run!(onAccount({ type: 'label' }), fake)
    expect(fake.call).toHaveBeenCalledWith('users.editType', { body: { userId: 42, type: 'admin' } })
  })
})
