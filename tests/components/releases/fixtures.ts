import type { EditRequestSingle, ReleaseGeneral, ReleaseListItem, Track } from '../../../src/contract/releases'
import { allowedStatuses, displayStatus, requiresReason, statusLabel } from '../../../src/core/release-status'
import { mockFetch, respond, type Request } from '../dialogs/fetch-mock'

const user = { id: 42, email: 'nina@demo.test', type: 'artist' as const, displayName: 'Nina Vale', initials: 'NV' }

export function listRow(id: number, overrides: Partial<ReleaseListItem> = {}): ReleaseListItem {
  const status = overrides.status ?? 1
  const releaseDate = overrides.releaseDate ?? '2024-03-01'
  return {
    id,
    date: '2024-01-10T10:00:00.000Z',
    title: `Release ${id}`,
    artist: 'Nina Vale',
    artwork: { cover: null, medium: null, large: null },
    status,
    displayStatus: displayStatus(status, releaseDate),
    statusLabel: statusLabel(status),
    releaseDate,
    originalReleaseDate: null,
    isLive: true,
    upc: '036000291452',
    catalogNumber: `CAT-${id}`,
    label: 'Vale Records',
    language: 'English',
    primaryGenre: 'Pop',
    secondaryGenre: null,
    version: null,
    licenseType: null,
    type: 'Single',
    cLine: null,
    cYear: null,
    pLine: null,
    pYear: null,
    restrict: false,
    user,
    adminReview: false,
    priorityReview: false,
    trackCount: 1,
    ...overrides,
  }
}

export function release(status: number, overrides: Partial<ReleaseGeneral> = {}): ReleaseGeneral {
  return {
    ...listRow(7, { status, title: 'Night Drive' }),
    owner: { id: 42, name: 'Nina Vale', email: 'nina@demo.test' },
    artists: ['Nina Vale'],
    participants: [],
    coverUrl: null,
    publishDate: null,
    releaseTime: null,
    timeZone: 'utc',
    allowedStatuses: allowedStatuses(status).map((to) => ({ status: to, label: statusLabel(to), needsReason: requiresReason(to) })),
    takedown: null,
    restrictTakedown: false,
    delivery: [
      { platform: 'beatport', label: 'Beatport', delivered: false, completed: false },
      { platform: 'youtube', label: 'YouTube', delivered: true, completed: true },
    ],
    duplicates: { upc: [], isrc: [] },
    notes: [],
    stores: [78],
    territories: ['WW'],
    pendingEditRequestId: null,
    updated: '2024-01-11T10:00:00.000Z',
    ...overrides,
  }
}

export const ADDITIONAL = {
  id: 7,
  languages: ['English'],
  genres: ['Pop'],
  remixOrVersion: null,
  cLine: 'Vale Records',
  cYear: 2024,
  pLine: 'Vale Records',
  pYear: 2024,
  licenseType: 'Copyright',
  motionArt: { square: null, portrait: null },
  isAiCover: false,
  applePreorder: false,
  applePreorderDate: null,
  transferIn: false,
  optInRecommendedTracks: false,
  originalReleaseDate: null,
  publishDate: null,
  reviewFile: null,
}

export function editRequest(id: number, overrides: Partial<EditRequestSingle> = {}): EditRequestSingle {
  return {
    id,
    status: 'pending',
    created: '2024-02-01T10:00:00.000Z',
    comment: 'Typo in the title',
    release: { id: 7, title: 'Night Drive', artwork: { cover: null, medium: null, large: null }, upc: '036000291452', status: 6 },
    user,
    changeCount: 3,
    decidedAt: null,
    decidedBy: null,
    releaseEdits: [
      { section: 'General', field: 'title', label: 'Title', oldValue: 'Night Drvie', newValue: 'Night Drive' },
      { section: 'Distribution', field: 'territories', label: 'Territories', oldValue: ['GB'], newValue: ['GB', 'FR'] },
    ],
    trackEdits: [
      { section: 'Track', field: 'explicit', label: 'Explicit', oldValue: false, newValue: true, trackId: 11, trackTitle: 'Intro' },
    ],
    countries: [
      { code: 'GB', name: 'United Kingdom' },
      { code: 'FR', name: 'France' },
    ],
    ...overrides,
  }
}

export function page<Row>(rows: Row[], pageNumber = 1, perPage = 25) {
  return { data: rows, meta: { total: rows.length, totalIsEstimate: false, page: pageNumber, per_page: perPage, last_page: 1 } }
}

type Route = (request: Request) => Response | Promise<Response>

/** Answers by "METHOD /api/path"; anything else is a 404 the test will notice. */
export function serveRoutes(routes: Record<string, Route>) {
  return mockFetch((request) => {
    const route = routes[`${request.method} ${request.path}`]
    return route ? route(request) : respond(404, { message: `No route ${request.method} ${request.path}` })
  })
}

/** A track of release 7. */
export const TRACK: Track = {
  id: 11,
  releaseId: 7,
  position: 1,
  isrc: 'GBAYE2400001',
  iswc: null,
  title: 'Intro',
  version: null,
  language: 'English',
  lyrics: null,
  explicit: false,
  duration: 185,
  audioUrl: null,
  instrumentUrl: null,
  dolbyUrl: null,
  tiktokStart: '0:45',
  linerNote: null,
  participants: [],
  writers: [],
  credits: [],
  scanStatus: null,
  duplicateIsrc: [],
}
