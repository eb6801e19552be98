import { RELEASE_IMPORT_PATH, VALIDATION_PATH, codeImporterPath } from '@commands/catalogue-ops'

export const IMPORT_SUCCESS = 'Import Successfully'
export const PLEASE_WAIT = 'Please wait. Delivery is being scheduled.'

/** Every import kind the import sections list: what it does, where it runs, and which history says its last run. */
export interface ImportKind {
  id: string
  title: string
  description: string
  path: string
  history: 'ingestion' | 'upc' | 'isrc' | 'validation' | 'releases'
  /** For the code kinds: which form of the importer the history row belongs to. */
  mode?: 'pool' | 'assign'
}

export const IMPORT_KINDS: readonly ImportKind[] = [
  {
    id: 'catalog-ingestion',
    title: 'Catalogue ingestion',
    description:
      "A CSV with one row per track creates draft or submitted releases for the named accounts: every row is checked in a dry run, then the good rows commit and the audio is fetched from each row's URL.",
    path: '/releases/import/1?kind=catalog-ingestion',
    history: 'ingestion',
  },
  {
    id: 'releases',
    title: 'Release metadata',
    description:
      'A CSV with one row per release, keyed by UPC: a new UPC becomes a draft release of the account the row names, a known one has its metadata updated while it has not gone out to the stores. Bad rows are listed with their reason.',
    path: RELEASE_IMPORT_PATH,
    history: 'releases',
  },
  {
    id: 'audiosalad-validation',
    title: 'AudioSalad validation',
    description:
      'An AudioSalad catalogue export is compared with ours by UPC and ISRC: releases missing on either side, and titles, artists, labels, release dates and ISRCs that differ, listed per release and exportable. Nothing changes.',
    path: VALIDATION_PATH,
    history: 'validation',
  },
  {
    id: 'upc-pool',
    title: 'UPC pool',
    description: 'UPC/EAN codes the workspace owns; releases submitted without a UPC take the next free one.',
    path: codeImporterPath('upc', 'pool'),
    history: 'upc',
    mode: 'pool',
  },
  {
    id: 'isrc-pool',
    title: 'ISRC pool',
    description: 'ISRCs from a file or a range of your registrant code and year; tracks submitted without an ISRC take the next free one.',
    path: codeImporterPath('isrc', 'pool'),
    history: 'isrc',
    mode: 'pool',
  },
  {
    id: 'release-upc',
    title: 'UPCs for releases',
    description: 'A CSV of release id and UPC gives codes to existing releases that have none.',
    path: codeImporterPath('upc', 'assign'),
    history: 'upc',
    mode: 'assign',
  },
  {
    id: 'track-isrc',
    title: 'ISRCs for tracks',
    description: 'A CSV of track id and ISRC gives codes to existing tracks that have none.',
    path: codeImporterPath('isrc', 'assign'),
    history: 'isrc',
    mode: 'assign',
  },
]
