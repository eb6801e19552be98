import type { featureControlEndpoints } from '@contract/feature-controls'
import type { Handlers, IdsOf } from '@server/handlers'
import { blocklistKind } from './blocklist'
import { chartRegistrationExport, chartRegistrationKind } from './chart-registration'
import { greenlistKind } from './greenlist'
import { getRates, licensingKind, searchLicensedSongs, updateRates } from './licensing'
import { getPitchSettings, pitchKind, updatePitchSettings } from './pitch'
import { youtubeMcnKind } from './youtube-mcn'
import { myRequests, ownReleases, reviewQueue, reviewService } from './review'

const greenlist = reviewService(greenlistKind)
const blocklist = reviewService(blocklistKind)
const youtubeMcn = reviewService(youtubeMcnKind)
const chartRegistration = reviewService(chartRegistrationKind)
const pitch = reviewService(pitchKind)
const licensing = reviewService(licensingKind)

export const featureControlHandlers: Handlers<IdsOf<typeof featureControlEndpoints>> = {
  'featureRequests.queue': ({ ctx }) => reviewQueue(ctx),
  'featureRequests.mine': ({ ctx, params, query }) => myRequests(ctx, params, query),
  'featureRequests.ownReleases': ({ ctx, query }) => ownReleases(ctx, query),
  'greenlist.list': ({ ctx, params, query }) => greenlist.list(ctx, params, query),
  'greenlist.single': ({ ctx, params }) => greenlist.single(ctx, params.id),
  'greenlist.changeStatus': ({ ctx, body }) => greenlist.changeStatus(ctx, body),
  'greenlist.create': ({ ctx, body }) => greenlist.create(ctx, body),
  'greenlist.mine': ({ ctx, params, query }) => greenlist.mine(ctx, params, query),
  'blocklist.list': ({ ctx, query }) => blocklist.list(ctx, { page: query.page }, query),
  'blocklist.single': ({ ctx, params }) => blocklist.single(ctx, params.id),
  'blocklist.changeStatus': ({ ctx, body }) => blocklist.changeStatus(ctx, body),
  'blocklist.create': ({ ctx, body }) => blocklist.create(ctx, body),
  'blocklist.mine': ({ ctx, params, query }) => blocklist.mine(ctx, params, query),
  'youtubeMcn.list': ({ ctx, params, query }) => youtubeMcn.list(ctx, params, query),
  'youtubeMcn.changeStatus': ({ ctx, body }) => youtubeMcn.changeStatus(ctx, body),
  'youtubeMcn.create': ({ ctx, body }) => youtubeMcn.create(ctx, body),
  'youtubeMcn.mine': ({ ctx, params, query }) => youtubeMcn.mine(ctx, params, query),
  'chartRegistration.list': ({ ctx, query }) => chartRegistration.list(ctx, { page: query.page }, query),
  'chartRegistration.single': ({ ctx, params }) => chartRegistration.single(ctx, params.id),
  'chartRegistration.changeStatus': ({ ctx, body }) => chartRegistration.changeStatus(ctx, body),
  'chartRegistration.create': ({ ctx, body }) => chartRegistration.create(ctx, body),
  'chartRegistration.mine': ({ ctx, params, query }) => chartRegistration.mine(ctx, params, query),
  'chartRegistration.export': ({ ctx, query }) => chartRegistrationExport(ctx, query),
  'pitch.list': ({ ctx, params, query }) => pitch.list(ctx, params, query),
  'pitch.single': ({ ctx, params }) => pitch.single(ctx, params.id),
  'pitch.changeStatus': ({ ctx, body }) => pitch.changeStatus(ctx, body),
  'pitch.create': ({ ctx, body, files }) => pitch.create(ctx, { ...body, files: { photo: files.photo, sheet: files.sheet } }),
  'pitch.mine': ({ ctx, params, query }) => pitch.mine(ctx, params, query),
  'pitch.settings': ({ ctx }) => getPitchSettings(ctx),
  'pitch.updateSettings': ({ ctx, body }) => updatePitchSettings(ctx, body),
  'licensing.list': ({ ctx, params, query }) => licensing.list(ctx, params, query),
  'licensing.changeStatus': ({ ctx, body }) => licensing.changeStatus(ctx, body),
  'licensing.create': ({ ctx, body }) => licensing.create(ctx, body),
  'licensing.mine': ({ ctx, params, query }) => licensing.mine(ctx, params, query),
  'licensing.getSearch': ({ ctx, query }) => searchLicensedSongs(ctx, query),
  'licensing.rates': ({ ctx }) => getRates(ctx),
  'licensing.updateRates': ({ ctx, body }) => updateRates(ctx, body),
}
