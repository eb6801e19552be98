import { lazyScreen } from '@client/routing/lazy-screen'
import type { DomainUi } from '@client/routing/types'

/** Feature controls: each finished kind's review list and single screen (docs/feature-controls.md). */
export const featureControlsUi: DomainUi = {
  name: 'feature-controls',
  routes: [
    { path: '/greenlisting/{page}', access: 'admin', title: 'Greenlist', screen: lazyScreen(() => import('./ui/GreenlistListScreen')) },
    { path: '/whitelisting/{id}', access: 'admin', title: 'Greenlist item', screen: lazyScreen(() => import('./ui/GreenlistScreen')) },
    { path: '/blocklisting/{page}', access: 'admin', title: 'Blocklist', screen: lazyScreen(() => import('./ui/BlocklistListScreen')) },
    { path: '/blocklist/{id}', access: 'admin', title: 'Blocklist item', screen: lazyScreen(() => import('./ui/BlocklistScreen')) },
    { path: '/youtube-mcn/manage/{page}', access: 'admin', title: 'YouTube MCN', screen: lazyScreen(() => import('./ui/YoutubeMcnListScreen')) },
    { path: '/soundscan/{page}', access: 'admin', title: 'Chart Registration', screen: lazyScreen(() => import('./ui/ChartRegistrationListScreen')) },
    { path: '/soundscan/single/{id}', access: 'admin', title: 'Chart Registration', screen: lazyScreen(() => import('./ui/ChartRegistrationScreen')) },
    { path: '/playlisting/manage/{page}', access: 'admin', title: 'Pitch Portal', screen: lazyScreen(() => import('./ui/PitchListScreen')) },
    { path: '/cover-song-licensing/{page}', access: 'admin', title: 'Cover song licensing', screen: lazyScreen(() => import('./ui/LicensingListScreen')) },
    { path: '/playlisting/single/{id}', access: 'admin', title: 'Pitch Portal', screen: lazyScreen(() => import('./ui/PitchScreen')) },
  ],
}
