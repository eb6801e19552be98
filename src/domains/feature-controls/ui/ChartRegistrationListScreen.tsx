import type { ScreenProps } from '@client/routing/types'
import { ReviewListScreen } from './review'
import { CHART_REGISTRATION_SCREENS } from './chart-registration'

/** /soundscan/{page} (Chart Registration): registrations of releases' UPC and ISRCs; the export of approved ones. */
export default function ChartRegistrationListScreen({ params }: ScreenProps) {
  return <ReviewListScreen kind={CHART_REGISTRATION_SCREENS} page={Number(params.page) || 1} />
}
