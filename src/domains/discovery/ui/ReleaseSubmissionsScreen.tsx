import type { ScreenProps } from '@client/routing/types'
import { ReleaseSubmissionList } from './usage-lists'

/** /usage-discovery/release/submission/{page}: releases submitted for usage discovery. */
export default function ReleaseSubmissionsScreen({ params }: ScreenProps) {
  return <ReleaseSubmissionList page={Number(params.page) || 1} />
}
