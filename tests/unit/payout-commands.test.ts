import { describe, expect, it } from 'vitest'
import { fakeCommandEnv } from '../helpers/command-env'
import { CommandRegistry } from '../../commands/registry'
import { PAYOUT_ACTIONS, PAYOUT_COMMANDS } from '../../commands/payouts'
import { accountState } from '../helpers/records'
import type { PayoutStatus } from '../../src/core/payout-status'
import type { CommandContext } from '../../commands/types'

const base: CommandContext = { account: { id: 1, type: 'admin', isOperator: false }, route: null, record: null, list: null, paneCount: 1 }
const onPayout = (status: PayoutStatus): CommandContext => ({
  ...base,
  record: {
    kind: 'payout',
    id: '17',
    title: 'Payout #17',
    state: { status, amount: '73.400000', accountName: 'Carly Simon', accountId: 5 },
  },
})
const onAccount = (state: Parameters<typeof accountState>[0]): CommandContext => ({
  ...base,
  record: { kind: 'account', id: '5', title: 'Carly Simon', state: accountState({ displayName: 'Carly Simon', ...state }) },
})
const artist: CommandContext = { ...base, account: { id: 9, type: 'artist', isOperator: false } }
const signal = () => new AbortController().signal

const registry = new CommandRegistry()
registry.register(PAYOUT_COMMANDS)
registry.register(PAYOUT_ACTIONS.flatMap((action) => action.commands))
const titles = (context: CommandContext) => registry.available(context).map((entry) => entry.title)

describe('payout commands', () => {
  it('offer on a focused payout only the decisions its status allows', () => {
    expect(titles(onPayout('pending'))).toEqual([
      'Payout settings…',
      'Approve payout #17 of $73.40 to Carly Simon',
      'Reject payout #17 of $73.40 to Carly Simon…',
    ])
    expect(titles(onPayout('approved'))).toEqual([
      'Payout settings…',
      'Mark payout #17 of $73.40 to Carly Simon as paid',
      'Reject payout #17 of $73.40 to Carly Simon…',
    ])
    expect(titles(onPayout('processing'))).toEqual([
      'Payout settings…',
      'Mark payout #17 of $73.40 to Carly Simon as paid',
      'Mark payout #17 of $73.40 to Carly Simon as failed…',
    ])
    expect(titles(onPayout('paid'))).toEqual(['Payout settings…'])
  })

  it('approve and reject (with the typed reason) call change-status, then refresh and say what happened', async () => {
    const env = fakeCommandEnv({ 'payouts.changeStatus': { message: 'Payout #17 of $73.40 is now approved.' } })
    await registry.get('payouts.changeStatus:approved')!.run!(onPayout('pending'), env)
    expect(env.call).toHaveBeenCalledWith('payouts.changeStatus', { body: { id: 17, status: 'approved' } })
    expect(env.notify).toHaveBeenCalledWith('Payout #17 of $73.40 is now approved.', 'success')
    expect(env.refresh).toHaveBeenCalled()
    const [confirm] = await registry.get('payouts.changeStatus:rejected')!.search!('Duplicate request', onPayout('pending'), env, signal())
    expect(confirm.title).toBe('Reject payout #17 of $73.40 to Carly Simon: “Duplicate request”')
    await confirm.run!(onPayout('pending'), env)
    expect(env.call).toHaveBeenLastCalledWith('payouts.changeStatus', { body: { id: 17, status: 'rejected', reason: 'Duplicate request' } })
  })

  it('force-withdraws a focused account through its confirmed method or a chosen provider, never a banned or staff one', async () => {
    expect(titles(onAccount({ type: 'artist' }))).toContain('Force withdraw the balance of Carly Simon…')
    expect(titles(onAccount({ type: 'admin' }))).not.toContain('Force withdraw the balance of Carly Simon…')
    const banned = registry
      .available(onAccount({ type: 'artist', banned: true }))
      .find((entry) => entry.command.id === 'payouts.forceWithdraw')
    expect(banned?.disabledReason).toBe('The account is banned: it cannot withdraw')
    const env = fakeCommandEnv({ 'payouts.forceWithdraw': { id: 30, amount: '165.350000' } })
    const choices = await registry.get('payouts.forceWithdraw')!.children!(onAccount({ type: 'artist' }), env)
    expect(choices.map((choice) => choice.title)).toEqual(['Through its confirmed payout method', 'Through PayPal', 'Through Tipalti'])
    await choices[2].run!(onAccount({ type: 'artist' }), env)
    expect(env.call).toHaveBeenCalledWith('payouts.forceWithdraw', { body: { userId: 5, provider: 'tipalti' } })
    await choices[0].run!(onAccount({ type: 'artist' }), env)
    expect(env.call).toHaveBeenLastCalledWith('payouts.forceWithdraw', { body: { userId: 5, provider: undefined } })
    expect(env.call).toHaveBeenCalledWith('payouts.forceWithdraw', { body: { userId: 5, provider: 'tipalti' } })
    expect(env.notify).toHaveBeenCalledWith('Payout #30 of $165.35 created: the whole available balance.', 'success')
  })

  it('lets an artist ask for a withdrawal with a typed amount, checked before sending; staff get the settings instead', async () => {
    expect(titles(artist)).toEqual(['Ask for a withdrawal…'])
    const env = fakeCommandEnv({ 'payouts.request': { amount: '120.500000' } })
    const [paypal] = await registry.get('payouts.request')!.children!(artist, env)
    const [bad] = await paypal.search!('12.345', artist, env, signal())
    expect(bad.title).toBe('Type an amount like 120.50')
    const [good] = await paypal.search!('120.50', artist, env, signal())
    expect(good.title).toBe('Withdraw $120.50 through PayPal')
    await good.run!(artist, env)
    expect(env.call).toHaveBeenCalledWith('payouts.request', { body: { amount: '120.50', provider: 'paypal' } })
    await registry.get('payouts.settings')!.run!(base, env)
    expect(env.open).toHaveBeenCalledWith('/payouts/manage/1?settings=1', 'tab')
  })
})
