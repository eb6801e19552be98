import type { CodeImportMode, CodeKind, IngestionRow, IngestionStatus } from '@contract/catalogue-ops'
import type { Command } from './types'
import { defineAction, type RecordAction, type Target } from './actions'

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
]

/** What the import page publishes about the ingestion it shows (`publishRecord`, kind 'ingestion'). */
export type IngestionRecordState = Pick<IngestionRow, 'status' | 'good' | 'fileName'>

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

export const INGESTION_COMMANDS: readonly Command[] = [
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
