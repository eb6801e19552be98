import { stateOf } from './records'
import type { Command, CommandContext, CommandEnv } from './types'
import { defineAction, type RecordAction, type Target } from './actions'
import { SHORTFALL_UNCONFIRMED } from '@contract/ledger-vocabulary'
import type { ImportStatus } from '@contract/earnings-imports'

/** What the import tab publishes about the import it shows (`publishRecord`, kind 'statementImport'). */
export interface ImportRecordState {
  status?: ImportStatus
  fileName?: string
  /** Why Commit is refused now (lines with errors), or null. */
  commitBlocked?: string | null
}

/** Where "Import statement…" opens the flow: the earnings tab's imports section. */
export const IMPORT_FLOW_PATH = '/earnings/overview/1?section=imports&import=new'

const focused = (context: CommandContext): ImportRecordState | null =>
  context.record?.kind === 'statementImport' ? (stateOf(context.record, 'statementImport') ?? {}) : null
const importId = (context: CommandContext) => Number(context.record?.id)
const label = (context: CommandContext) => `import #${context.record?.id}`

function onImport(applies: (state: ImportRecordState) => boolean | string) {
  return (context: CommandContext) => {
    const state = focused(context)
    return state ? applies(state) : false
  }
}

function done(env: CommandEnv, text: string) {
  env.refresh()
  env.notify(text, 'success')
}

const importOf = (target: Target<'statementImport'>) => `import #${target.items[0]?.id}`
const statementImport = ['statementImport'] as const

/** Commit and cancel a dry run: on the import's tab (its buttons), in the palette on the focused import. */
export const IMPORT_ACTIONS: readonly RecordAction[] = [
  defineAction({
    id: 'earnings.importCommit',
    kinds: statementImport,
    scope: 'one',
    label: 'Commit',
    tone: 'accent',
    title: (target) => `Commit ${importOf(target)}`,
    group: 'Statement import',
    keywords: ['commit', 'post', 'credit', 'import'],
    available: (state) => (state.status !== 'review' ? false : state.commitBlocked ? state.commitBlocked : true),
    input: (item) => ({ params: { id: item.id } }),
    success: () => 'Import Successfully.',
  }),
  defineAction({
    id: 'earnings.importCancel',
    kinds: statementImport,
    scope: 'one',
    label: 'Cancel import',
    tone: 'gray',
    title: (target) => `Cancel ${importOf(target)}`,
    group: 'Statement import',
    keywords: ['cancel', 'discard', 'import'],
    available: (state) =>
      state.status === 'review' || state.status === 'uploaded' || state.status === 'failed'
        ? true
        : state.status === 'parsing'
          ? 'The file is still being read: cancel it when its dry run is ready.'
          : false,
    input: (item) => ({ params: { id: item.id } }),
    success: () => 'Import cancelled: nothing was credited.',
  }),
]

export const IMPORT_COMMANDS: readonly Command[] = [
  {
    id: 'earnings.importStatement',
    title: 'Import statement…',
    subject: 'Statement',
    group: 'Earnings',
    keywords: ['import', 'statement', 'royalties', 'youtube cms', 'audiosalad', 'earnings', 'upload', 'csv'],
    access: 'admin',
    run: (_context, env) => env.open(IMPORT_FLOW_PATH),
  },
  {
    id: 'earnings.importRollback',
    title: (context) => `Roll back ${label(context)}…`,
    group: 'Statement import',
    keywords: ['rollback', 'roll back', 'reverse', 'undo', 'import'],
    access: 'admin',
    placeholder: 'Confirm the rollback',
    when: onImport((state) => state.status === 'committed'),
    children: (context) => [
      {
        id: 'earnings.importRollback.confirm',
        title: `Yes, roll back ${label(context)}: reverse all of its credits`,
        group: 'Confirm',
        run: async (runContext, env) => {
          const id = importId(runContext)
          try {
            await env.call('earnings.importRollback', { params: { id }, body: {} })
          } catch (error) {
            // Balances would go below zero: the import screen shows the accounts and asks for the reason.
            if ((error as { code?: string }).code !== SHORTFALL_UNCONFIRMED) throw error
            env.open(`/earnings/import/${id}?rollback=1`)
            return
          }
          done(env, `Import #${id} rolled back: its credits were reversed.`)
        },
      },
    ],
  },
]
