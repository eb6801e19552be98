import type { ScreenProps } from '@client/routing/types'
import { ReviewSingleScreen } from './review'
import { BLOCKLIST_SCREENS } from './blocklist'

/** /blocklist/{id}: one blocklist request with its platform and period; approve / reject / lift early. */
export default function BlocklistScreen({ params }: ScreenProps) {
  return <ReviewSingleScreen kind={BLOCKLIST_SCREENS} id={Number(params.id)} />
}
