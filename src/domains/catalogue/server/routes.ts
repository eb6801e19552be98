import type { releasesEndpoints } from '@contract/releases'
import type { Handlers, IdsOf } from '@server/handlers'
import * as service from './service'
import { saveAlbumDetails, saveAlbumTracks } from './uploader.service'
import { replaceTrackAudio } from './media.service'
import { decideEditRequest, listEditRequests, loadEditRequest } from './edit-requests.service'

export const releasesHandlers: Handlers<IdsOf<typeof releasesEndpoints>> = {
  'releases.list': ({ ctx, query }) => service.listReleases(ctx, query),
  'releases.general': ({ ctx, params }) => service.loadGeneral(ctx.services.db, ctx, params.id),
  'releases.additional': ({ ctx, params }) => service.loadAdditional(ctx, params.id),
  'releases.tracks': ({ ctx, params }) => service.loadTracks(ctx, params.id),
  'releases.track': ({ ctx, params }) => service.loadTrack(ctx.services.db, ctx, params.id),
  'releases.status': ({ ctx, body }) => service.changeStatus(ctx, body),
  'releases.changeReview': ({ ctx, body }) => service.changeReview(ctx, body.ids, 'adminReview', body.adminReview),
  'releases.changePriorityReview': ({ ctx, body }) => service.changeReview(ctx, body.ids, 'priorityReview', body.priorityReview),
  'releases.edit': ({ ctx, body }) => service.editRelease(ctx, body),
  'releases.trackEdit': ({ ctx, body }) => service.editTrack(ctx, body),
  'releases.trackRemove': ({ ctx, body }) => service.removeTrack(ctx, body.trackId),
  'releases.notesCreate': ({ ctx, body }) => service.createNote(ctx, body.releaseId, body.content),
  'releases.notesRemove': ({ ctx, body }) => service.removeNote(ctx, body.releaseId, body.noteId),
  'releases.history': ({ ctx, params, query }) => service.loadHistory(ctx, params.id, query.page, query.per_page),
  'releases.updateDeliveryStatus': ({ ctx, body }) => service.toggleDelivery(ctx, body.releaseId, body.platform),
  'releases.editReleaseTime': ({ ctx, body }) => service.setReleaseTime(ctx, body.releaseId, body.releaseTime, body.timeZone),
  'releases.removeReleaseTime': ({ ctx, params }) => service.setReleaseTime(ctx, params.id, null),
  'releases.mapGenre': ({ ctx, body }) => service.mapGenre(ctx, body.ids, body.primaryGenre, body.secondaryGenre ?? null),
  'releases.storesBulk': ({ ctx, body }) => service.storesBulk(ctx, body.ids, body.stores, body.mode),
  'releases.albumDetails': ({ ctx, body }) => saveAlbumDetails(ctx, body),
  'releases.albumTracks': ({ ctx, body }) => saveAlbumTracks(ctx, body.releaseId, body.tracks),
  'releases.replaceTrackAudio': ({ ctx, body, files }) => replaceTrackAudio(ctx, body.trackId, body.kind, files.file!),
  'releases.lyricsExport': ({ ctx, body }) => service.exportLyrics(ctx, body.ids),
  'releases.getArtists': ({ ctx, query }) => service.findArtists(ctx, query.search),
  'releases.editRequests': ({ ctx, params, query }) =>
    listEditRequests(ctx, params.page, query.per_page, { status: query.status, search: query.search || undefined }),
  'releases.editRequest': ({ ctx, params }) => loadEditRequest(ctx.services.db, ctx, params.id),
  'releases.editRequestStatus': ({ ctx, body }) => decideEditRequest(ctx, body),
}
