import type { EntityKind } from '@contract/search'

/** How the palette shows and opens a kind of record found by the server's search. */
export interface EntityKindUi {
  kind: EntityKind
  label: string
  /** The route pattern of its record page. */
  pattern: string
  path(id: number | string): string
}

export const ENTITY_KIND_UI: Readonly<Record<EntityKind, EntityKindUi>> = {
  account: { kind: 'account', label: 'Account', pattern: '/users/{id}', path: (id) => `/users/${id}` },
  release: { kind: 'release', label: 'Release', pattern: '/releases/single/{id}', path: (id) => `/releases/single/${id}` },
  track: { kind: 'track', label: 'Track', pattern: '/releases/track/{id}', path: (id) => `/releases/track/${id}` },
  editRequest: {
    kind: 'editRequest',
    label: 'Edit request',
    pattern: '/release/edit-requests/view/{id}',
    path: (id) => `/release/edit-requests/view/${id}`,
  },
  draft: { kind: 'draft', label: 'Draft in the uploader', pattern: '/uploader/edit/{id}', path: (id) => `/uploader/edit/${id}` },
  split: { kind: 'split', label: 'Split', pattern: '/royalty-shares/single/{id}', path: (id) => `/royalty-shares/single/${id}` },
  statementImport: {
    kind: 'statementImport',
    label: 'Statement import',
    pattern: '/earnings/import/{id}',
    path: (id) => `/earnings/import/${id}`,
  },
  // No page of its own: a report opens in the reports list, focused (the list finds its scope).
  report: { kind: 'report', label: 'Report', pattern: '/reports/{page}?report={id}', path: (id) => `/reports/1?report=${id}` },
  // A payout opens in the payouts list's detail pane; the pattern is no route, so the list itself is no record.
  payout: { kind: 'payout', label: 'Payout', pattern: '/payouts/single/{id}', path: (id) => `/payouts/manage/1?payout=${id}` },
  ticket: { kind: 'ticket', label: 'Support ticket', pattern: '/support/single/{id}', path: (id) => `/support/single/${id}` },
  helpThread: {
    kind: 'helpThread',
    label: 'Help-center thread',
    pattern: '/helpCenter/thread/{id}',
    path: (id) => `/helpCenter/thread/${id}`,
  },
  // Catalogue ingestions and exports open on their pages, the import page following the ingestion found.
  ingestion: {
    kind: 'ingestion',
    label: 'Catalogue ingestion',
    pattern: '/releases/import/{page}?ingestion={id}',
    path: (id) => `/releases/import/1?kind=catalog-ingestion&ingestion=${id}`,
  },
  catalogueExport: {
    kind: 'catalogueExport',
    label: 'Export',
    pattern: '/releases/export/{page}?export={id}',
    path: (id) => `/releases/export/1?export=${id}`,
  },
  greenlist: { kind: 'greenlist', label: 'Greenlist entry', pattern: '/whitelisting/{id}', path: (id) => `/whitelisting/${id}` },
  youtubeMcn: {
    kind: 'youtubeMcn',
    label: 'Channel join (YouTube MCN)',
    // No single screen in the spec: the list filtered to the request.
    pattern: '/youtube-mcn/manage/{page}?search=#{id}',
    path: (id) => `/youtube-mcn/manage/1?search=%23${id}`,
  },
  chartRegistration: {
    kind: 'chartRegistration',
    label: 'Chart registration',
    pattern: '/soundscan/single/{id}',
    path: (id) => `/soundscan/single/${id}`,
  },
  pitch: { kind: 'pitch', label: 'Pitch', pattern: '/playlisting/single/{id}', path: (id) => `/playlisting/single/${id}` },
  licensing: {
    kind: 'licensing',
    label: 'Cover licence',
    pattern: '/cover-song-licensing/{page}?search=#{id}',
    path: (id) => `/cover-song-licensing/1?search=%23${id}`,
  },
  blocklist: { kind: 'blocklist', label: 'Blocklist entry', pattern: '/blocklist/{id}', path: (id) => `/blocklist/${id}` },
  newsPost: { kind: 'newsPost', label: 'News post', pattern: '/news/edit/{id}', path: (id) => `/news/edit/${id}` },
  blast: { kind: 'blast', label: 'Fan blast', pattern: '/fanblast/single/{id}', path: (id) => `/fanblast/single/${id}` },
  discoverySubmission: {
    kind: 'discoverySubmission',
    label: 'Discovery Mode submission',
    pattern: '/spotify-discovery/single/{id}',
    path: (id) => `/spotify-discovery/single/${id}`,
  },
  usageMatch: { kind: 'usageMatch', label: 'Usage match', pattern: '/usage-discovery/match/{id}', path: (id) => `/usage-discovery/match/${id}` },
}

/** Which kind of record a route pattern shows, for "actions on the focused record". */
export function recordKindOf(pattern: string | null): EntityKind | null {
  if (!pattern) return null
  for (const entity of Object.values(ENTITY_KIND_UI)) if (entity.pattern === pattern) return entity.kind
  return null
}

/** Text that names one record exactly: an email or a prefixed id. Pasting one jumps to it. */
export function looksLikeIdentifier(text: string): boolean {
  const value = text.trim()
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) || /^(?:[a-z]+\s*[:#-]\s*|#)\d{1,15}$/i.test(value) || /^[a-z]{1,8}\d{1,15}$/i.test(value)
}
