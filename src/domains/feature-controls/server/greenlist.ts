import type { GreenlistFields } from '@contract/feature-controls'
import { commaList, GREENLIST, GREENLIST_PLATFORMS } from '@core/feature-requests'
import { checkIsrc } from '@core/identifiers'
import { releasesByIds, tracksByIds } from '@domains/catalogue/server/public'
import { fieldError } from '@server/errors'
import type { KindServer } from './review'

// Greenlist (Content ID whitelisting, docs/feature-controls.md): a release or one of its tracks with
// the channels allowed to use it per platform. The URLs were checked per platform by the contract;
// here the release must be the requester's own and the track one of its tracks.

export const greenlistKind: KindServer<GreenlistFields> = {
  def: GREENLIST,
  async prepare(tx, ctx, body) {
    const me = ctx.session.account
    const [release] = await releasesByIds(tx, ctx.tenant.id, [body.releaseId])
    // Staff may file on behalf of anyone; an artist or label only for their own releases.
    if (!release || (me.type !== 'admin' && release.accountId !== me.id)) throw fieldError('releaseId', 'Choose one of your releases')
    let trackTitle: string | null = null
    let trackIsrc: string | null = null
    if (body.trackId !== undefined) {
      const [track] = await tracksByIds(tx, ctx.tenant.id, [body.trackId])
      if (!track || track.releaseId !== release.id) throw fieldError('trackId', 'Choose a track of that release')
      trackTitle = track.title
    }
    if (body.isrc) {
      const checked = checkIsrc(body.isrc)
      if (checked.ok) trackIsrc = checked.value
    }
    const channels = Object.fromEntries(GREENLIST_PLATFORMS.map((platform) => [platform, commaList(body[platform] ?? '')]))
    return {
      title: trackTitle ? `${trackTitle} (${release.title})` : release.title,
      releaseId: release.id,
      trackId: body.trackId ?? null,
      fields: { format: body.format, channels, info: body.info, comment: body.comment, isrc: trackIsrc },
    }
  },
}
