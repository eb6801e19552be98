import { lazyScreen } from '@client/routing/lazy-screen'
import type { DomainUi } from '@client/routing/types'

/** Discovery: Spotify Discovery Mode submissions and removals, usage discovery's matches and tracks (docs/discovery.md). */
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
    { path: '/usage-discovery/{page}', access: 'admin', title: 'Match results', screen: lazyScreen(() => import('./ui/MatchesScreen')) },
    {
      path: '/usage-discovery/release/submission/{page}',
      access: 'admin',
      title: 'Release submissions',
      screen: lazyScreen(() => import('./ui/ReleaseSubmissionsScreen')),
    },
    { path: '/usage-discovery/uploaded/{page}', access: 'admin', title: 'In discovery', screen: lazyScreen(() => import('./ui/InDiscoveryScreen')) },
    { path: '/usage-discovery/match/{id}', access: 'admin', title: 'Match', screen: lazyScreen(() => import('./ui/MatchScreen')) },
  ],
}
