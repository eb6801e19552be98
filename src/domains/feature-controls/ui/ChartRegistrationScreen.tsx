import type { ScreenProps } from '@client/routing/types'
import { ReviewSingleScreen } from './review'
import { CHART_REGISTRATION_SCREENS } from './chart-registration'

/** /soundscan/single/{id}: one registration, the release as registered (artwork, UPC, tracks and ISRCs); approve / reject / revoke. */
export default function ChartRegistrationScreen({ params }: ScreenProps) {
  return <ReviewSingleScreen kind={CHART_REGISTRATION_SCREENS} id={Number(params.id)} />
}
