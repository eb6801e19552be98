import { describe, expect, it } from 'vitest'
import { fakeCommandEnv } from '../helpers/command-env'
import { CommandRegistry } from '../../commands/registry'
import { PAYOUT_BATCH_ACTIONS, PAYOUT_BATCH_COMMANDS } from '../../commands/payout-batches'
import type { CommandContext } from '../../commands/types'

const base: CommandContext = { account: { id: 1, type: 'admin', isOperator: false }, route: null, record: null, list: null, paneCount: 1 }
const onBatch = (delivery: 'file' | 'api', fileId: number | null = 9): CommandContext => ({
  ...base,
  record: { kind: 'payoutBatch', id: '12', title: 'Batch #12', state: { delivery, provider: 'paypal', fileId, fileName: 'x.csv' } },
})

const registry = new CommandRegistry()
registry.register(PAYOUT_BATCH_COMMANDS)
registry.register(PAYOUT_BATCH_ACTIONS.flatMap((action) => action.commands))
const available = (context: CommandContext) => registry.available(context).map((entry) => [entry.title, entry.disabledReason])

const connections = {
  data: [
    { provider: 'paypal', label: 'PayPal', configured: false, approved: { count: 2, amount: '150.000000', net: '147.000000' } },
    { provider: 'tipalti', label: 'Tipalti', configured: true, approved: { count: 0, amount: '0.000000', net: '0.000000' } },
  ],
}

describe('payout batch commands', () => {
  it('offers the export anywhere to admins, and sync/download only on a focused batch', () => {
    expect(available(base)).toEqual([['Export approved payouts…', null]])
    expect(available(onBatch('api'))).toEqual([
      ['Export approved payouts…', null],
      ['Download the file of batch #12', null],
      ['Sync status of batch #12', null],
    ])
    expect(available(onBatch('file', null))).toEqual([
      ['Export approved payouts…', null],
      ['Download the file of batch #12', 'This batch has no stored file'],
      ['Sync status of batch #12', 'This batch was paid by file: there is no provider status to ask for'],
    ])
    expect(available({ ...base, account: { id: 2, type: 'artist', isOperator: false } })).toEqual([])
  })

  it('shows each provider with what waits, then confirms and exports, opening the new batch', async () => {
    const env = fakeCommandEnv({ 'payouts.connections': connections, 'payouts.export': { id: 31, count: 2, net: '147.000000' } })
    const providers = await registry.get('payouts.export')!.children!(base, env)
    expect(providers.map((entry) => [entry.title, entry.when!(base)])).toEqual([
      ['PayPal: 2 approved payouts, $150.00 (net $147.00)', true],
      ['Tipalti: no approved payouts', 'No approved Tipalti payouts to export'],
    ])
    const [confirm] = await providers[0].children!(base, env)
    expect(confirm.title).toBe('Yes, export 2 payouts to a PayPal batch file')
    await confirm.run!(base, env)
    expect(env.call).toHaveBeenLastCalledWith('payouts.export', { body: { provider: 'paypal' } })
    expect(env.notify).toHaveBeenCalledWith('Batch #31 exported: 2 payouts, $147.00 to pay.', 'success')
    expect(env.open).toHaveBeenCalledWith('/payouts/export/1?batch=31')
  })

  it('syncs and downloads the focused batch', async () => {
    const env = fakeCommandEnv({ 'payouts.batchSync': { message: 'Batch 12: 1 payout paid, 0 failed, 0 still processing.' } })
    await registry.get('payouts.batchSync')!.run!(onBatch('api'), env)
    expect(env.call).toHaveBeenCalledWith('payouts.batchSync', { params: { id: 12 } })
    expect(env.notify).toHaveBeenCalledWith('Batch 12: 1 payout paid, 0 failed, 0 still processing.', 'success')
    await registry.get('payouts.batchDownload')!.run!(onBatch('api'), env)
    expect(env.download).toHaveBeenCalledWith('files.get', { params: { id: 9 } })
  })
})
