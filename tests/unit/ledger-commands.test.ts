import { accountState } from '../helpers/records'
import { describe, expect, it } from 'vitest'
import { fakeCommandEnv } from '../helpers/command-env'
import { CommandRegistry } from '../../commands/registry'
import { LEDGER_COMMANDS, parseAdjustment, parseRate } from '../../commands/ledger'
import type { Command, CommandContext } from '../../commands/types'

const base: CommandContext = { account: { id: 1, type: 'admin', isOperator: false }, route: null, record: null, list: null, paneCount: 1 }
const onAccount: CommandContext = {
  ...base,
  record: { kind: 'account', id: '42', title: 'Nina Vale', state: accountState() },
}
const signal = () => new AbortController().signal

const registry = new CommandRegistry()
registry.register(LEDGER_COMMANDS)
const titles = (context: CommandContext) => registry.available(context).map((entry) => entry.title)

describe('ledger commands', () => {
  it('offers adjustments only on an account, rates and matching anywhere, and nothing to non-admins', () => {
    expect(titles(base)).toEqual(['Add an exchange rate…', 'Delete an exchange rate…', 'Match unmatched statement lines…'])
    expect(titles(onAccount)).toContain('Add adjustment to Nina Vale…')
    expect(titles({ ...onAccount, account: { id: 2, type: 'artist', isOperator: false } })).toEqual([])
  })

  it('parses an adjustment and a rate, refusing bad input before sending', () => {
    expect(parseAdjustment('-12.50 Chargeback from store')).toEqual({ amount: '-12.50', reason: 'Chargeback from store' })
    expect(parseAdjustment('+5 Bonus')).toEqual({ amount: '5', reason: 'Bonus' })
    expect(parseAdjustment('12.345 too precise')).toMatch(/two decimals/)
    expect(parseAdjustment('0 nothing')).toBe('An adjustment cannot be zero')
    expect(parseAdjustment('12.50')).toMatch(/reason/)
    expect(parseRate('eur 2025-03 1.0825')).toEqual({ currency: 'EUR', period: '2025-03', rate: '1.0825' })
    expect(parseRate('EUR 2025-13 1')).toMatch(/e\.g\./)
    expect(parseRate('EUR 2025-03 0')).toBe('A rate must be greater than zero')
  })

  it('adds an adjustment to the focused account from typed text', async () => {
    const env = fakeCommandEnv({ 'ledger.adjust': { balance: { available: '87.50', debt: '0.00' } } })
    const [confirm] = await registry.get('ledger.adjust')!.search!('-12.50 Chargeback', onAccount, env, signal())
    expect(confirm.title).toBe('Adjust Nina Vale by -12.50: “Chargeback”')
    await confirm.run!(onAccount, env)
    expect(env.call).toHaveBeenCalledWith('ledger.adjust', { params: { id: 42 }, body: { amount: '-12.50', reason: 'Chargeback' } })
    expect(env.refresh).toHaveBeenCalled()
  })

  it('asks again when an adjustment would overdraw, and records the debt only on yes', async () => {
    const env = fakeCommandEnv()
    const refusal = Object.assign(new Error('Adjustment would take 1 account below zero (Nina Vale by 40.00): 40.00 in all.'), {
      code: 'shortfall_unconfirmed',
      errors: { shortfall: '40.00' },
    })
    env.call.mockRejectedValueOnce(refusal).mockResolvedValueOnce({ balance: { available: '0.00', debt: '40.00' } })
    const [confirm] = await registry.get('ledger.adjust')!.search!('-50 Chargeback', onAccount, env, signal())
    await confirm.run!(onAccount, env)
    // Refused: nothing recorded, the reason is said, and the palette opens on the question.
    expect(env.notify).toHaveBeenCalledWith(refusal.message, 'info')
    expect(env.refresh).not.toHaveBeenCalled()
    const question = env.ask.mock.calls[0][0] as Command
    const [yes, no] = await question.children!(onAccount, env)
    expect(yes.title).toBe('Yes: adjust by -50 and record $40.00 as recoupable debt (“Chargeback”)')
    await no.run!(onAccount, env)
    expect(env.call).toHaveBeenCalledTimes(1)
    await yes.run!(onAccount, env)
    expect(env.call).toHaveBeenLastCalledWith('ledger.adjust', {
      params: { id: 42 },
      body: { amount: '-50', reason: 'Chargeback', confirmShortfall: '40.00' },
    })
    expect(env.notify).toHaveBeenLastCalledWith('Adjustment added. The account owes $40.00 of recoupable debt.', 'success')
  })

  it('adds a rate, and deletes one picked from the list', async () => {
    const env = fakeCommandEnv({
      'ledger.rates': { data: [{ id: 7, currency: 'EUR', period: '2025-03', rate: '1.08' }] },
    })
    const [add] = await registry.get('ledger.rateCreate')!.search!('EUR 2025-04 1.1', base, env, signal())
    await add.run!(base, env)
    expect(env.call).toHaveBeenCalledWith('ledger.rateCreate', { body: { currency: 'EUR', period: '2025-04', rate: '1.1' } })
    const [remove] = await registry.get('ledger.rateDelete')!.search!('eur', base, env, signal())
    expect(remove.title).toBe('Delete EUR 2025-03 (1.08)')
    await remove.run!(base, env)
    expect(env.call).toHaveBeenCalledWith('ledger.rateDelete', { params: { id: 7 } })
  })

  it('matches an unmatched key to a track found by search', async () => {
    const env = fakeCommandEnv({
      'ledger.unmatched': { data: [{ kind: 'isrc', key: 'QZNNN2500001', lines: 2, total: '3.00', titles: ['Lost One'], importIds: [1] }] },
      'ledger.match': { lines: 2, target: { title: 'Lost One' } },
    })
    env.search = async () => [
      { kind: 'track', id: 41, title: 'Lost One', subtitle: 'Found Songs', score: 1 },
      { kind: 'account', id: 3, title: 'Someone', subtitle: '', score: 1 },
    ]
    const [key] = await registry.get('ledger.match')!.search!('', base, env, signal())
    expect(key.title).toBe('ISRC QZNNN2500001 · 2 lines · Lost One')
    const targets = await key.search!('lost', base, env, signal())
    expect(targets.map((target) => target.title)).toEqual(['Match to track “Lost One”'])
    await targets[0].run!(base, env)
    expect(env.call).toHaveBeenCalledWith('ledger.match', { body: { kind: 'isrc', key: 'QZNNN2500001', trackId: 41 } })
  })
})
