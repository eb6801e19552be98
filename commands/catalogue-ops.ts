import { DELIVERY_TARGET_LABELS, DELIVERY_TARGETS } from '@contract/delivery-vocabulary'
import type {
  CodeImportMode,
  CodeKind,
  DeliveryRow,
  ExportRow,
  IngestionRow,
  IngestionStatus,
  TransferResult,
} from '@contract/catalogue-ops'
import { ddexPartyId, ddexPartyIdProblem, printedPartyId } from '@core/ddex-party-id'
import { RELEASE_STATUS, statusLabel } from '@core/release-status'
import type { Command, CommandEnv } from './types'
import { defineAction, type RecordAction, type Target } from './actions'
import { promptCommand } from './prompt'

// Catalogue operations' palette commands (docs/catalogue-ops.md). A file cannot be picked from the
// palette, so the import commands open the importer on the right form; the importer sends the file
// to the endpoint this table names for that form, so each upload is reachable from the keyboard.

export const CODE_IMPORTER_PATH = '/upc-isrc-import'

/** The endpoint each of the importer's forms uploads to: a pool import, or codes given to releases/tracks. */
export const CODE_IMPORT_CALLS = {
  pool: { upc: 'codes.importUpc', isrc: 'codes.importIsrc' },
  assign: { upc: 'codes.assignUpc', isrc: 'codes.assignIsrc' },
} as const satisfies Record<CodeImportMode, Record<CodeKind, string>>

/** The importer's address with one form chosen (`pool` and `mode` in the tab's address). */
export const codeImporterPath = (kind: CodeKind, mode: CodeImportMode) => `${CODE_IMPORTER_PATH}?pool=${kind}&mode=${mode}`

const FORMS: readonly { kind: CodeKind; mode: CodeImportMode; title: string; keywords: string[] }[] = [
  { kind: 'upc', mode: 'pool', title: 'Import UPC codes into the pool', keywords: ['upc', 'ean', 'barcode', 'pool'] },
  {
    kind: 'isrc',
    mode: 'pool',
    title: 'Import ISRC codes into the pool (file or range)',
    keywords: ['isrc', 'range', 'registrant', 'pool'],
  },
  { kind: 'upc', mode: 'assign', title: 'Give UPCs to releases from a CSV', keywords: ['upc', 'assign', 'releases', 'csv'] },
  { kind: 'isrc', mode: 'assign', title: 'Give ISRCs to tracks from a CSV', keywords: ['isrc', 'assign', 'tracks', 'csv'] },
]

/** The export page, where the workspace's DDEX sender is shown. */
export const EXPORT_PAGE_PATH = '/releases/export/1'

/** Records the workspace's DPID (typed as DDEX prints it); the export page's "Set the DDEX Party ID…" opens it too. */
export const DDEX_PARTY_COMMAND: Command = promptCommand({
  id: 'exports.updateDdexSettings',
  title: 'Set the DDEX Party ID (DPID)…',
  subject: 'DDEX',
  group: 'Releases',
  keywords: ['ddex', 'dpid', 'party', 'sender', 'ern', 'delivery'],
  access: 'admin',
  placeholder: 'PA-DPIDA-3897722461-G',
  validate: ddexPartyIdProblem,
  confirmTitle: (text) => `Send DDEX messages as ${printedPartyId(ddexPartyId(text))}`,
  submit: async (text, _context, env) => {
    const saved = await env.call('exports.updateDdexSettings', { body: { partyId: text } })
    env.refresh()
    env.notify(saved.message, 'success')
  },
})

/** The import page of the AudioSalad validation. */
export const VALIDATION_PATH = '/releases/import/1?kind=audiosalad-validation'
/** The endpoint the validation page's file form uploads to (a file cannot be picked from the palette). */
export const VALIDATION_UPLOAD_CALL = 'validation.upload' as const

export const CATALOGUE_OPS_COMMANDS: readonly Command[] = [
  {
    id: 'codes.import',
    title: 'Import codes…',
    subject: 'Codes',
    group: 'Releases',
    keywords: ['import', 'codes', 'upc', 'isrc', 'ean', 'pool', 'barcode'],
    access: 'admin',
    placeholder: 'Which codes?',
    children: () =>
      FORMS.map((form) => ({
        id: `codes.import.${form.kind}.${form.mode}`,
        title: form.title,
        group: 'Import codes',
        keywords: form.keywords,
        run: (_context, env) => env.open(codeImporterPath(form.kind, form.mode)),
      })),
  },
  {
    id: 'validation.open',
    title: 'Compare the catalogue with an AudioSalad export…',
    subject: 'AudioSalad',
    group: 'Releases',
    keywords: ['audiosalad', 'validate', 'validation', 'compare', 'mismatch', 'catalogue', 'import'],
    access: 'admin',
    run: (_context, env) => env.open(VALIDATION_PATH),
  },
  DDEX_PARTY_COMMAND,
]

/** What the import page publishes about the ingestion it shows (`publishRecord`, kind 'ingestion'). */
export type IngestionRecordState = Pick<IngestionRow, 'status' | 'good' | 'fileName'>

/** A delivery in the queue (the export page's delivery section). */
export type DeliveryRecordState = Pick<DeliveryRow, 'status' | 'releaseTitle'>

/** What the export page knows of an export. */
export type ExportRecordState = Pick<ExportRow, 'status' | 'kind'>

/** The import page of catalogue ingestion ({page} is its history's page). */
export const INGESTION_PATH = '/releases/import/1?kind=catalog-ingestion'
/** The endpoint the import page's file form uploads to (a file cannot be picked from the palette). */
export const INGESTION_UPLOAD_CALL = 'ingestion.upload' as const

const RUNNING: readonly IngestionStatus[] = ['uploaded', 'parsing', 'committing']
const ingestionKind = ['ingestion'] as const
const named = (target: Target<'ingestion'>) => `ingestion #${target.items[0]?.id}`

/** Commit a dry run, remove an ingestion: on the import page's buttons and in the palette on the focused ingestion. */
export const INGESTION_ACTIONS: readonly RecordAction[] = [
  defineAction({
    id: 'ingestion.commit',
    kinds: ingestionKind,
    scope: 'one',
    label: 'Commit',
    tone: 'accent',
    title: (target) => `Commit ${named(target)}: create its releases`,
    group: 'Catalogue ingestion',
    keywords: ['commit', 'ingest', 'import', 'catalogue', 'create releases'],
    available: (state) => (state.status !== 'review' ? false : state.good === 0 ? 'No row of this file is good: nothing to commit.' : true),
    input: (item) => ({ body: { id: item.id } }),
    success: () => 'Import Successfully: the releases are being created.',
  }),
  defineAction({
    id: 'ingestion.remove',
    kinds: ingestionKind,
    scope: 'one',
    label: 'Remove',
    tone: 'red',
    title: (target) => `Remove ${named(target)} from the history`,
    group: 'Catalogue ingestion',
    keywords: ['remove', 'delete', 'discard', 'ingestion'],
    available: (state) => (RUNNING.includes(state.status) ? 'It is running: remove it once it has finished.' : true),
    ask: { kind: 'confirm', question: () => 'Remove this ingestion and its rows? Releases it created stay.' },
    input: (item) => ({ body: { id: item.id } }),
    success: () => 'Ingestion removed.',
  }),
]

/** The release metadata import's page ({page} is its history's page; docs/formats/release-import.md). */
export const RELEASE_IMPORT_PATH = '/releases/import/1?kind=releases'
/** The endpoint the release import page's file form uploads to (a file cannot be picked from the palette). */
export const RELEASE_IMPORT_UPLOAD_CALL = 'releaseImport.upload' as const

export const INGESTION_COMMANDS: readonly Command[] = [
  {
    id: 'releaseImport.open',
    title: 'Import release metadata…',
    subject: 'Releases',
    group: 'Releases',
    keywords: ['import', 'release', 'releases', 'metadata', 'csv', 'upc', 'update', 'bulk'],
    access: 'admin',
    run: (_context, env) => env.open(RELEASE_IMPORT_PATH),
  },
  {
    id: 'ingestion.open',
    title: 'Import catalogue…',
    subject: 'Catalogue',
    group: 'Releases',
    keywords: ['import', 'catalogue', 'catalog', 'ingestion', 'ingest', 'csv', 'bulk', 'releases'],
    access: 'admin',
    run: (_context, env) => env.open(INGESTION_PATH),
  },
  {
    id: 'ingestion.clear',
    title: 'Clear the catalogue ingestion history…',
    group: 'Releases',
    keywords: ['clear', 'ingestion', 'history', 'catalogue'],
    access: 'admin',
    placeholder: 'Confirm',
    children: () => [
      {
        id: 'ingestion.clear.confirm',
        title: 'Yes, clear every finished ingestion and its rows (releases stay)',
        group: 'Confirm',
        run: async (_context, env) => {
          const { removed } = await env.call('ingestion.clear')
          env.refresh()
          env.notify(`Cleared ${removed} ingestion${removed === 1 ? '' : 's'}.`, 'success')
        },
      },
    ],
  },
]

/** Where an export's progress and file are: the export page, its history first. */
export const EXPORT_PATH = '/releases/export/1'
const EXPORTABLE: readonly number[] = [RELEASE_STATUS.accepted, RELEASE_STATUS.exported, RELEASE_STATUS.live, RELEASE_STATUS.edited]
const releaseKind = ['release'] as const
const releaseNamed = (target: Target<'release'>) =>
  target.items.length === 1 ? `“${target.items[0].title ?? `release #${target.items[0].id}`}”` : `${target.items.length} selected releases`

/** Accepted releases and releases out in the stores are exported; a draft or one under review is not yet. */
function exportable(state: { status?: number }) {
  if (state.status === undefined) return true
  return EXPORTABLE.includes(state.status)
    ? true
    : `Only an accepted or delivered release is exported; this one is ${statusLabel(state.status).toLowerCase()}.`
}

const queued = (kind: string) => (result: { id: number }) =>
  `Export #${result.id} (${kind}) is running: its file will be on the export page.`
const toExports = (_result: unknown, _target: Target<'release'>, env: { open(path: string): void }) => env.open(EXPORT_PATH)

/** Exports of the focused release and of the release list's selection. */
export const EXPORT_ACTIONS: readonly RecordAction[] = [
  defineAction({
    id: 'exports.cmsSingle',
    kinds: releaseKind,
    scope: 'one',
    label: 'Export to YouTube CMS',
    title: (target) => `Export ${releaseNamed(target)} to YouTube CMS`,
    group: 'Release',
    keywords: ['export', 'youtube', 'cms', 'content id', 'csv'],
    available: exportable,
    input: (item) => ({ params: { id: item.id } }),
    success: queued('YouTube CMS'),
    after: toExports,
  }),
  defineAction({
    id: 'exports.cms',
    kinds: releaseKind,
    scope: 'many',
    label: 'Export to YouTube CMS',
    title: (target) => `Export ${releaseNamed(target)} to YouTube CMS`,
    group: 'Release',
    keywords: ['export', 'youtube', 'cms', 'content id', 'csv', 'bulk'],
    available: exportable,
    input: (item) => ({ body: { ids: [item.id] } }),
    inputMany: (ids) => ({ body: { ids: [...ids] } }),
    success: queued('YouTube CMS'),
    after: toExports,
  }),
  defineAction({
    id: 'exports.audiosalad',
    kinds: releaseKind,
    scope: 'both',
    label: 'Export to AudioSalad',
    title: (target) => `Export the metadata of ${releaseNamed(target)} for AudioSalad (XML)`,
    group: 'Release',
    keywords: ['export', 'audiosalad', 'metadata', 'xml', 'zip', 'bulk'],
    available: exportable,
    input: (item) => ({ body: { ids: [item.id] } }),
    inputMany: (ids) => ({ body: { ids: [...ids] } }),
    success: queued('AudioSalad metadata'),
    after: toExports,
  }),
  defineAction({
    id: 'exports.ddex',
    kinds: releaseKind,
    scope: 'one',
    label: 'Export DDEX ERN',
    title: (target) => `Export ${releaseNamed(target)} as a DDEX ERN 4.3 message`,
    group: 'Release',
    keywords: ['export', 'ddex', 'ern', 'xml', 'delivery'],
    available: exportable,
    input: (item) => ({ params: { id: item.id } }),
    success: queued('DDEX ERN 4.3'),
    after: toExports,
  }),
  defineAction({
    id: 'exports.release',
    kinds: releaseKind,
    scope: 'one',
    label: 'Export metadata',
    title: (target) => `Export the metadata of ${releaseNamed(target)} (CSV)`,
    group: 'Release',
    keywords: ['export', 'metadata', 'csv', 'release'],
    input: (item) => ({ params: { id: item.id } }),
    success: queued('release metadata'),
    after: toExports,
  }),
]

/** The endpoint the export page's file form uploads to: a CMS export of the releases a CSV names by UPC. */
export const EXPORT_UPC_CSV_CALL = 'exports.cmsCsv' as const
/** The same form's other button: the stores' type rule over the releases the CSV names. */
export const CONVERT_UPC_CSV_CALL = 'exports.bulkConvertCsv' as const

/** The stores' type rule over the release list's selection, as a job with a per-release report. */
export const CONVERT_ACTIONS: readonly RecordAction[] = [
  defineAction({
    id: 'exports.bulkConvert',
    kinds: releaseKind,
    scope: 'many',
    label: 'Convert types',
    title: (target) => `Set the type of ${releaseNamed(target)} by the stores' rule (Single, EP, Album)`,
    group: 'Release',
    keywords: ['convert', 'type', 'single', 'ep', 'album', 'bulk'],
    input: (item) => ({ body: { ids: [item.id] } }),
    inputMany: (ids) => ({ body: { ids: [...ids] } }),
    success: (result) => `Conversion #${result.id} is running: its per-release report will be on the export page.`,
    after: toExports,
  }),
]

/** An account's releases by catalogue number: on the account's tab. */
export const ACCOUNT_EXPORT_ACTIONS: readonly RecordAction[] = [
  defineAction({
    id: 'exports.catalogNumber',
    kinds: ['account'] as const,
    scope: 'one',
    label: 'Export catalogue numbers',
    title: (target) => `Export the catalogue numbers of ${target.items[0]?.title ?? `account #${target.items[0]?.id}`}'s releases`,
    group: 'Account',
    keywords: ['export', 'catalogue number', 'catalog number', 'releases', 'csv'],
    available: (state) => state.type !== 'admin',
    input: (item) => ({ params: { id: item.id } }),
    success: queued('catalogue numbers'),
    after: (_result, _target, env) => env.open(EXPORT_PATH),
  }),
]

export const EXPORT_COMMANDS: readonly Command[] = [
  {
    id: 'exports.fromCsv',
    title: 'Export to YouTube CMS from a CSV of UPCs…',
    group: 'Releases',
    keywords: ['export', 'youtube', 'cms', 'csv', 'upc', 'bulk'],
    access: 'admin',
    run: (_context, env) => env.open(`${EXPORT_PATH}?upload=1`),
  },
  {
    id: 'exports.catalogue',
    title: 'Export the whole catalogue to YouTube CMS…',
    group: 'Releases',
    keywords: ['export', 'youtube', 'cms', 'content id', 'catalogue', 'all'],
    access: 'admin',
    placeholder: 'Confirm',
    children: () => [
      {
        id: 'exports.catalogue.confirm',
        title: 'Yes, export every accepted, exported, live and edited release (accepted ones become Exported)',
        group: 'Confirm',
        run: async (_context, env) => {
          const started = await env.call('exports.cms', { body: { all: true } })
          env.refresh()
          env.notify(queued('YouTube CMS')(started), 'success')
          env.open(EXPORT_PATH)
        },
      },
    ],
  },
]

/** Deliveries: queue a release (its tab, or the release list's selection), retry or remove a delivery. */
export const DELIVERY_ACTIONS: readonly RecordAction[] = [
  ...DELIVERY_TARGETS.map((type) =>
    defineAction({
      id: 'delivery.add',
      variant: type,
      kinds: releaseKind,
      scope: 'both',
      label: `Queue for ${DELIVERY_TARGET_LABELS[type]} delivery`,
      title: (target) => `Queue ${releaseNamed(target)} for delivery to ${DELIVERY_TARGET_LABELS[type]}`,
      group: 'Release',
      keywords: ['queue', 'deliver', 'delivery', type, 'ddex', 'send', 'stores'],
      available: exportable,
      input: (item) => ({ params: { type, id: item.id } }),
      success: (_result, target) =>
        target.from === 'record'
          ? `Queued for delivery to ${DELIVERY_TARGET_LABELS[type]}: its timeline is below.`
          : `Queued for delivery to ${DELIVERY_TARGET_LABELS[type]}: the timelines are on the export page.`,
      past: 'Queued',
      // From the release's tab its own timeline shows the delivery; a selection's are on the export page.
      after: (result, target, env) => {
        if (target.from === 'selection') toExports(result, target, env)
      },
    }),
  ),
  defineAction({
    id: 'delivery.retryMany',
    variant: 'release',
    kinds: releaseKind,
    scope: 'both',
    label: 'Retry failed deliveries',
    title: (target) => `Retry the failed deliveries of ${releaseNamed(target)}`,
    group: 'Release',
    keywords: ['retry', 'resend', 'delivery', 'failed', 'sftp', 'audiosalad'],
    shortcut: 'delivery.retryFailed',
    // Known on the release's tab (it loads its deliveries); a list's selection asks the server.
    available: (state) => (state.failedDeliveries === undefined || state.failedDeliveries.length > 0 ? true : false),
    input: (item) => ({ body: { release_ids: [item.id] } }),
    inputMany: (ids) => ({ body: { release_ids: [...ids] } }),
    success: (result) =>
      result.retried
        ? `Sending ${result.retried} deliver${result.retried === 1 ? 'y' : 'ies'} again.`
        : result.refused.length
          ? `Nothing retried: ${result.refused[0].reason}`
          : 'No failed delivery to retry.',
  }),
  defineAction({
    id: 'delivery.retry',
    kinds: ['delivery'] as const,
    scope: 'both',
    label: 'Retry',
    title: (target) =>
      target.items.length === 1
        ? `Retry the delivery of “${target.items[0].state?.releaseTitle ?? `#${target.items[0].id}`}”`
        : `Retry ${target.items.length} deliveries`,
    group: 'Delivery',
    keywords: ['retry', 'resend', 'delivery', 'failed'],
    available: (state) => state.status === 'failed',
    input: (item) => ({ params: { id: item.id } }),
    success: () => 'Sending again.',
    past: 'Retried',
  }),
  defineAction({
    id: 'delivery.remove',
    kinds: ['delivery'] as const,
    scope: 'one',
    label: 'Remove',
    tone: 'red',
    title: (target) => `Remove the delivery of “${target.items[0]?.state?.releaseTitle ?? `#${target.items[0]?.id}`}” from the queue`,
    group: 'Delivery',
    keywords: ['remove', 'delivery', 'queue'],
    available: (state) => (state.status === 'queued' || state.status === 'failed' ? true : false),
    input: (item) => ({ params: { id: item.id } }),
    success: () => 'Removed from the queue.',
  }),
]

export const DELIVERY_COMMANDS: readonly Command[] = [
  {
    id: 'delivery.retryFailed',
    title: 'Retry every failed delivery…',
    group: 'Releases',
    keywords: ['retry', 'failed', 'deliveries', 'queue', 'bulk'],
    access: 'admin',
    placeholder: 'Confirm',
    children: () => [
      {
        id: 'delivery.retryFailed.confirm',
        title: 'Yes, send every failed delivery again',
        group: 'Confirm',
        run: async (_context, env) => {
          const { retried, refused } = await env.call('delivery.retryMany', { body: {} })
          env.refresh()
          const sent = `Retrying ${retried} deliver${retried === 1 ? 'y' : 'ies'}.`
          env.notify(
            refused.length ? `${sent} ${refused.length} not retried: ${refused[0].reason}` : sent,
            refused.length ? 'info' : 'success',
          )
        },
      },
    ],
  },
]

/** How many found accounts the transfer's search previews (one dry run each, as the user types). */
const TRANSFER_PREVIEWS = 5

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** The dry run's answer in a line: what would move, and why the rest would not. */
export function transferPreviewLine(result: Pick<TransferResult, 'releases' | 'refused'>): string {
  const moving = result.releases.filter((row) => !row.refused)
  const tracks = moving.reduce((sum, row) => sum + row.tracks, 0)
  const splits = moving.reduce((sum, row) => sum + row.splits, 0)
  const parts = moving.length
    ? [`moves ${plural(moving.length, 'release')}, ${plural(tracks, 'track')}, ${plural(splits, 'open split')}`]
    : ['moves nothing']
  const refused = result.releases.filter((row) => row.refused)
  if (refused.length === 1) parts.push(`refused: ${refused[0].refused}`)
  else if (refused.length > 1) parts.push(`${refused.length} refused (${refused[0].refused} …)`)
  return parts.join('; ')
}

/**
 * The transfer's ask: artist and label accounts found by name or email, each of the first few with
 * the server's dry run of this very transfer in its title, so the move is previewed before it is chosen.
 */
function findTransferTarget(
  ids: (target: Target<'release'>) => number[],
): (
  query: string,
  target: Target<'release'>,
  env: CommandEnv,
  signal: AbortSignal,
) => Promise<readonly { value: number; title: string }[]> {
  return async (query, target, env) => {
    const search = query.trim().length >= 3 ? query.trim() : undefined
    const found = await env.call('users.list', { query: { search, page: 1, per_page: 25 } })
    const owners = new Set(target.items.map((item) => item.state?.ownerId).filter((owner) => owner !== undefined))
    const accounts = found.data.filter((user) => user.type !== 'admin' && !(owners.size === 1 && owners.has(user.id)))
    return Promise.all(
      accounts.map(async (user, index) => {
        const name = `${user.displayName} (${user.email}, ${user.type})`
        if (index >= TRANSFER_PREVIEWS) return { value: user.id, title: name }
        try {
          const preview = await env.call('transfers.bulk', { body: { ids: ids(target), accountId: user.id, dryRun: true } })
          return { value: user.id, title: `${name}: ${transferPreviewLine(preview)}` }
        } catch (error) {
          return { value: user.id, title: `${name}: refused: ${error instanceof Error ? error.message : 'cannot take releases'}` }
        }
      }),
    )
  }
}

const transferDone = (result: TransferResult) =>
  result.refused
    ? `Moved ${plural(result.moved, 'release')} to ${result.to.email}; ${transferPreviewLine({ ...result, releases: result.releases.filter((row) => row.refused) })}`
    : `Moved ${plural(result.moved, 'release')} to ${result.to.email}.`

/** "Transfer to account…": on the release (its tab) and on the release list's selection. */
export const TRANSFER_ACTIONS: readonly RecordAction[] = [
  defineAction({
    id: 'transfers.single',
    kinds: releaseKind,
    scope: 'one',
    label: 'Transfer to account…',
    title: (target) => `Transfer ${releaseNamed(target)} to account…`,
    group: 'Release',
    keywords: ['transfer', 'move', 'owner', 'account', 'artist', 'label', 'reassign'],
    ask: {
      kind: 'find',
      placeholder: 'Search artist and label accounts by name or email…',
      find: findTransferTarget((target) => target.items.map((item) => item.id)),
    },
    input: (item, accountId: number) => ({ body: { releaseId: item.id, accountId, dryRun: false } }),
    success: transferDone,
  }),
  defineAction({
    id: 'transfers.bulk',
    kinds: releaseKind,
    scope: 'many',
    label: 'Transfer to account…',
    title: (target) => `Transfer ${releaseNamed(target)} to account…`,
    group: 'Release',
    keywords: ['transfer', 'move', 'owner', 'account', 'artist', 'label', 'bulk'],
    ask: {
      kind: 'find',
      placeholder: 'Search artist and label accounts by name or email…',
      find: findTransferTarget((target) => target.items.map((item) => item.id)),
    },
    input: (item, accountId: number) => ({ body: { ids: [item.id], accountId, dryRun: false } }),
    inputMany: (ids, accountId: number) => ({ body: { ids: [...ids], accountId, dryRun: false } }),
    success: transferDone,
  }),
]

/** Where transfer-in is done: its form and history are on the import sections page. */
export const TRANSFER_IN_PATH = '/releases/import-sections'
/**
 * The endpoint the transfer-in form sends to (a release's fields and tracks cannot be typed in the
 * palette, so the command opens the form, like the file imports).
 */
export const TRANSFER_IN_CALL = 'transfers.in' as const

export const TRANSFER_COMMANDS: readonly Command[] = [
  {
    id: 'transfers.inOpen',
    title: 'Transfer in a release from another distributor…',
    group: 'Releases',
    keywords: ['transfer', 'transfer in', 'distributor', 'migrate', 'import', 'upc', 'isrc'],
    access: 'admin',
    run: (_context, env) => env.open(TRANSFER_IN_PATH),
  },
]
