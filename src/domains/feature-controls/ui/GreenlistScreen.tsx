import type { ScreenProps } from '@client/routing/types'
import { ReviewSingleScreen } from './review'
import { GREENLIST_SCREENS } from './greenlist'

/** /whitelisting/{id}: one greenlist request with its channels per platform, approve / reject / revoke. */
export default function GreenlistScreen({ params }: ScreenProps) {
  return <ReviewSingleScreen kind={GREENLIST_SCREENS} id={Number(params.id)} />
}
