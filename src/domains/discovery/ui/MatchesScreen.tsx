import type { ScreenProps } from '@client/routing/types'
import { MatchList } from './usage-lists'

/** /usage-discovery/{page}: match results, newest first, with bulk claim, monetise, take down and ignore (docs/discovery.md). */
export default function MatchesScreen({ params }: ScreenProps) {
  return <MatchList page={Number(params.page) || 1} />
}
