import { stateOf } from './records'
import { defineAction, type RecordAction } from './actions'
import type { Command, CommandContext, CommandEnv } from './types'
import { SITE_REPORT_KINDS, type ReportKindInfo } from '@core/report-kinds'
import { isSiteReportKind, siteReportEndpointId } from '@contract/site-report-kinds'

// Palette actions of reports (docs/reports.md): "Request report…" (kind → period → account),
// download or run again the focused report, and earnings reports of the focused release or account.

export interface PeriodPreset {
  id: string
  label: string
  from?: string
  to?: string
}

const monthOf = (date: Date) => `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`
const monthsBack = (now: Date, months: number) => monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1)))

/** The period choices offered everywhere a report is asked for (the months are whole calendar months). */
export function periodPresets(now: Date = new Date()): PeriodPreset[] {
  const lastMonth = monthsBack(now, 1)
  return [
    { id: 'last-month', label: `Last month (${lastMonth})`, from: lastMonth, to: lastMonth },
    { id: 'last-3', label: `Last 3 months (${monthsBack(now, 3)} – ${lastMonth})`, from: monthsBack(now, 3), to: lastMonth },
    { id: 'last-12', label: `Last 12 months (${monthsBack(now, 12)} – ${lastMonth})`, from: monthsBack(now, 12), to: lastMonth },
    { id: 'this-year', label: `This year (${now.getUTCFullYear()})`, from: `${now.getUTCFullYear()}-01`, to: monthOf(now) },
    { id: 'all-time', label: 'All time' },
  ]
}

/** Where a report of this scope is listed, focused on it. */
export function reportListPath(scope: string, id: number): string {
  const list = scope === 'site' ? '/reports/site/1' : scope === 'admin' ? '/admin-reports/1' : '/reports/1'
  return `${list}?report=${id}`
}

const period = (preset: PeriodPreset) => ({ ...(preset.from ? { from: preset.from } : {}), ...(preset.to ? { to: preset.to } : {}) })

async function requested(env: CommandEnv, report: { id: number; scope: string; type: string; period: string }) {
  env.notify(`${report.type} report (${report.period}) requested: it is being prepared.`, 'success')
  env.open(reportListPath(report.scope, report.id))
  env.refresh()
}

async function requestSite(env: CommandEnv, info: ReportKindInfo, preset: PeriodPreset, userId?: number) {
  if (!isSiteReportKind(info.kind)) throw new Error(`Unknown report kind ${info.kind}`)
  const report = await env.call(siteReportEndpointId(info.kind), { body: { ...period(preset), ...(userId ? { userId } : {}) } })
  await requested(env, report)
}

/** The account step for admins: the whole workspace first, then the accounts the search finds. */
function accountStep(info: ReportKindInfo, preset: PeriodPreset): Command {
  return {
    id: `reports.request.${info.kind}.${preset.id}`,
    title: preset.label,
    group: 'Period',
    placeholder: 'The whole workspace, or search an account',
    search: async (query, _context, env, signal) => {
      const workspace: Command = {
        id: `reports.request.${info.kind}.${preset.id}.site`,
        title: 'The whole workspace (site report)',
        group: 'Covering',
        run: (_runContext, runEnv) => requestSite(runEnv, info, preset),
      }
      if (!query) return [workspace]
      const hits = (await env.search(query, signal)).filter((hit) => hit.kind === 'account')
      return [
        workspace,
        ...hits.map((hit): Command => ({
          id: `reports.request.${info.kind}.${preset.id}.account.${hit.id}`,
          title: `${hit.title}'s account`,
          group: 'Covering one account',
          keywords: [hit.subtitle],
          run: (_runContext, runEnv) => requestSite(runEnv, info, preset, hit.id),
        })),
      ]
    },
  }
}

function periodStep(info: ReportKindInfo, context: CommandContext): Command[] {
  return periodPresets().map((preset) =>
    context.account?.type === 'admin'
      ? accountStep(info, preset)
      : {
          id: `reports.request.${info.kind}.${preset.id}`,
          title: preset.label,
          group: 'Period',
          run: (_runContext: CommandContext, env: CommandEnv) => requestSite(env, info, preset),
        },
  )
}

const focusedReport = (context: CommandContext) =>
  context.record?.kind === 'report'
    ? { id: Number(context.record.id), state: stateOf(context.record, 'report') ?? { status: undefined, error: null } }
    : null

const earningPeriods = (
  kind: 'release' | 'artist',
  request: (env: CommandEnv, id: number, preset: PeriodPreset) => Promise<{ id: number; scope: string; type: string; period: string }>,
) =>
  ((context: CommandContext) =>
    periodPresets().map((preset) => ({
      id: `reports.${kind}Earning.${preset.id}`,
      title: preset.label,
      group: 'Period',
      run: async (_runContext: CommandContext, env: CommandEnv) => requested(env, await request(env, Number(context.record?.id), preset)),
    }))) satisfies Command['children']

export const REPORT_COMMANDS: readonly Command[] = [
  {
    id: 'reports.request',
    title: 'Request report…',
    group: 'Reports',
    keywords: ['report', 'csv', 'export', 'sales', 'statement', 'monthly', 'raw data', 'download'],
    access: 'auth',
    placeholder: 'Which report?',
    children: (context) =>
      SITE_REPORT_KINDS.map((info) => ({
        id: `reports.request.${info.kind}`,
        title: info.label,
        group: 'Report',
        keywords: [info.kind],
        when: () => (info.arrivesWith ? `Arrives with ${info.arrivesWith}` : true),
        placeholder: 'Which months?',
        children: () => periodStep(info, context),
      })),
  },
  {
    id: 'reports.download',
    title: (context) => `Download report #${context.record?.id ?? ''}`,
    group: 'Report',
    keywords: ['download', 'file', 'csv', 'report'],
    access: 'auth',
    when: (context) => {
      const report = focusedReport(context)
      if (!report) return false
      return report.state.status === 'ready' ? true : 'The report is not ready yet'
    },
    run: async (context, env) => {
      await env.download('reports.download', { params: { id: Number(context.record?.id) } })
    },
  },
  {
    id: 'reports.releaseEarning',
    title: 'Release earnings report…',
    group: 'Release',
    keywords: ['report', 'earnings', 'royalties', 'csv', 'release'],
    access: 'admin',
    placeholder: 'Which months?',
    when: (context) => context.record?.kind === 'release',
    children: earningPeriods('release', (env, releaseId, preset) =>
      env.call('reports.requestReleaseEarning', { body: { releaseId, ...period(preset) } }),
    ),
  },
  {
    id: 'reports.artistEarning',
    title: 'Artist earnings report…',
    group: 'Account',
    keywords: ['report', 'earnings', 'royalties', 'csv', 'artist', 'label'],
    access: 'admin',
    placeholder: 'Which months?',
    when: (context) => context.record?.kind === 'account',
    children: earningPeriods('artist', (env, userId, preset) =>
      env.call('reports.requestArtistEarning', { body: { userId, ...period(preset) } }),
    ),
  },
]

/** Actions on one report (its row and focused panel on the reports screens, the palette). */
export const REPORT_ACTIONS: readonly RecordAction[] = [
  defineAction({
    id: 'reports.retry',
    kinds: ['report'],
    scope: 'one',
    label: 'Retry',
    tone: 'accent',
    title: (target) => `Run report #${target.items[0]?.id ?? ''} again`,
    group: 'Report',
    keywords: ['retry', 'again', 'failed', 'report'],
    available: (state) => state.status === 'failed',
    input: (item) => ({ params: { id: item.id } }),
    success: (report) => `Report #${report.id} asked again: it is being prepared.`,
  }),
]
