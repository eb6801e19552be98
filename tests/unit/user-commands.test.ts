import { fakeCommandEnv } from '../helpers/command-env'
import { describe, expect, it } from 'vitest'
import { CommandRegistry } from '../../commands/registry'
import { USER_COMMANDS } from '../../commands/users'
import type { CommandContext } from '../../commands/types'

const base: CommandContext = { account: { id: 1, type: 'admin', isOperator: false }, route: null, record: null, list: null, paneCount: 1 }
const onAccount = (state: Record<string, unknown>): CommandContext => ({
  ...base,
  record: { kind: 'account', id: '42', title: 'Nina Vale', state: { displayName: 'Nina Vale', type: 'artist', ...state } },
})

const env = () => fakeCommandEnv()

const registry = new CommandRegistry()
registry.register(USER_COMMANDS)
const titles = (context: CommandContext) =>
  registry.available(context).map((entry) => (entry.disabledReason ? `${entry.title} [${entry.disabledReason}]` : entry.title))

describe('account commands', () => {
  it('appear only on an account tab, and only the ones that fit its state', () => {
    expect(titles(base)).toEqual(['Invite an artist…', 'Invite an admin…', 'Import users from a CSV'])
    const active = titles(onAccount({ banned: false, verified: false, blockWithdraw: false }))
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

  it('are for staff only', () => {
    const artist: CommandContext = { ...onAccount({}), account: { id: 2, type: 'artist', isOperator: false } }
    expect(titles(artist)).toEqual([])
  })

  it('ban asks for the reason on its own page and sends it, then refreshes', async () => {
    const ban = registry.get('users.ban')!
    const context = onAccount({ banned: false })
    const fake = env()
    expect(await ban.search!('', context, fake, new AbortController().signal)).toEqual([])
    const [confirm] = await ban.search!('Fraudulent streams', context, fake, new AbortController().signal)
    expect(confirm.title).toBe('Ban Nina Vale: “Fraudulent streams”')
    await confirm.run!(context, fake)
    expect(fake.call).toHaveBeenCalledWith('users.banSubmit', { body: { userId: 42, reason: 'Fraudulent streams' } })
    expect(fake.refresh).toHaveBeenCalled()
  })

  it('refuses a bad percentage before sending anything', async () => {
    const split = registry.get('users.tenantSplit')!
    const [choice] = await split.search!('150', onAccount({}), env(), new AbortController().signal)
    expect(choice.title).toBe('Type a percentage between 0 and 100')
    expect(choice.when!(onAccount({}))).toBe('Type a percentage between 0 and 100')
  })

  it('changes the type through a page of the other types', async () => {
    const change = registry.get('users.changeType')!
    const choices = await change.children!(onAccount({ type: 'label' }), env())
    expect(choices.map((choice) => choice.title)).toEqual(['Make an artist', 'Make an admin'])
  })
})
