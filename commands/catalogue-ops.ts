import type { CodeImportMode, CodeKind } from '@contract/catalogue-ops'
import type { Command } from './types'

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
