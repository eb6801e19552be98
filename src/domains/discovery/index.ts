import { lazyScreen } from '@client/routing/lazy-screen'
import type { DomainUi } from '@client/routing/types'

/** Discovery: Spotify Discovery Mode submissions and removals (docs/discovery.md). */
export const discoveryUi: DomainUi = {
  name: 'discovery',
  routes: [
    { path: '/spotify-discovery/{page}', access: 'admin', title: 'Discovery Mode submissions', screen: lazyScreen(() => import('./ui/SubmissionsScreen')) },
    {
      path: '/spotify-discovery-removal/{page}',
      access: 'admin',
      title: 'Discovery Mode removals',
      screen: lazyScreen(() => import('./ui/RemovalsScreen')),
    },
    {
      path: '/spotify-discovery/single/{id}',
      access: 'admin',
      title: 'Discovery Mode submission',
      screen: lazyScreen(() => import('./ui/SubmissionScreen')),
    },
  ],
}
