import { stateOf } from './records'
import type { Command, CommandContext, CommandEnv } from './types'
import { formatCount, formatMoney } from '@core/format'
import { defineAction, type RecordAction } from './actions'

// Palette actions of payout batches: export the approved payouts of a provider (picked on a nested
// page that shows how many and how much, then confirmed), and on a focused batch: sync its status
// with the provider's API, download its file.

/** What /payouts/export publishes about the batch it has selected (`publishRecord`, kind 'payoutBatch'). */
export interface PayoutBatchRecordState {
  delivery: 'file' | 'api'
  provider: 'paypal' | 'tipalti'
  fileId: number | null
  fileName: string | null
}

const focused = (context: CommandContext): PayoutBatchRecordState | null => stateOf(context.record, 'payoutBatch')
const plural = (count: number, word: string) => `${formatCount(count)} ${word}${count === 1 ? '' : 's'}`

async function exportBatch(env: CommandEnv, provider: 'paypal' | 'tipalti') {
  const batch = await env.call('payouts.export', { body: { provider } })
  env.refresh()
  env.notify(`Batch #${batch.id} exported: ${plural(batch.count, 'payout')}, ${formatMoney(batch.net)} to pay.`, 'success')
  env.open(`/payouts/export/1?batch=${batch.id}`)
}

/** Exports a provider's approved payouts as one batch: the palette's confirmation, and the export screen's after its dialog. */
export function exportConfirmed(provider: {
  provider: 'paypal' | 'tipalti'
  label: string
  configured: boolean
  approved: { count: number }
}): Command {
  return {
    id: `payouts.export.${provider.provider}.confirm`,
    title: `Yes, export ${plural(provider.approved.count, 'payout')} to a ${provider.label} batch${provider.configured ? ' and submit it' : ' file'}`,
    group: 'Confirm',
    access: 'admin',
    run: (_context: CommandContext, env: CommandEnv) => exportBatch(env, provider.provider),
  }
}

export const PAYOUT_BATCH_COMMANDS: readonly Command[] = [
  {
    id: 'payouts.export',
    title: 'Export approved payouts…',
    subject: 'Approved payouts',
    group: 'Payouts',
    keywords: ['export', 'batch', 'payout', 'paypal', 'tipalti', 'file', 'csv', 'pay'],
    access: 'admin',
    placeholder: 'Choose the provider',
    children: async (_context, env) => {
      const { data } = await env.call('payouts.connections')
      return data.map((provider) => ({
        id: `payouts.export.${provider.provider}`,
        title:
          provider.approved.count > 0
            ? `${provider.label}: ${plural(provider.approved.count, 'approved payout')}, ${formatMoney(provider.approved.amount)} (net ${formatMoney(provider.approved.net)})`
            : `${provider.label}: no approved payouts`,
        group: 'Provider',
        when: () => (provider.approved.count > 0 ? true : `No approved ${provider.label} payouts to export`),
        placeholder: 'Confirm the export',
        children: () => [
          exportConfirmed(provider),
        ],
      }))
    },
  },
  {
    id: 'payouts.batchDownload',
    title: (context) => `Download the file of batch #${context.record?.id}`,
    group: 'Payout batch',
    keywords: ['download', 'file', 'csv', 'batch'],
    access: 'admin',
    when: (context) => {
      const state = focused(context)
      if (!state) return false
      return state.fileId ? true : 'This batch has no stored file'
    },
    run: async (context, env) => {
      await env.download('files.get', { params: { id: focused(context)!.fileId! } })
    },
  },
]

/** Actions on one payout batch (the payout exports screen's rows, the palette on the selected batch). */
export const PAYOUT_BATCH_ACTIONS: readonly RecordAction[] = [
  defineAction({
    id: 'payouts.batchSync',
    kinds: ['payoutBatch'],
    scope: 'one',
    label: 'Sync',
    tone: 'accent',
    title: (target) => `Sync status of batch #${target.items[0]?.id ?? ''}`,
    group: 'Payout batch',
    keywords: ['sync', 'status', 'refresh', 'provider', 'paid', 'batch'],
    available: (state) => (state.delivery === 'api' ? true : 'This batch was paid by file: there is no provider status to ask for'),
    input: (item) => ({ params: { id: item.id } }),
    success: (result) => result.message,
  }),
]
