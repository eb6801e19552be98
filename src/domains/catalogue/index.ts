import { lazyScreen } from '@client/routing/lazy-screen'
import type { DomainUi } from '@client/routing/types'

const ReleasesListScreen = lazyScreen(() => import('./ui/ReleasesListScreen'))
const ReleaseScreen = lazyScreen(() => import('./ui/ReleaseScreen'))
const TrackScreen = lazyScreen(() => import('./ui/TrackScreen'))
const EditRequestsListScreen = lazyScreen(() => import('./ui/EditRequestsListScreen'))
const EditRequestScreen = lazyScreen(() => import('./ui/EditRequestScreen'))
const UploaderScreen = lazyScreen(() => import('./ui/uploader/UploaderScreen'))

/** Catalogue: releases, tracks and edit requests. */
export const catalogueUi: DomainUi = {
  name: 'catalogue',
  routes: [
    {
      path: '/releases/manage/{page}',
      access: 'admin',
      title: 'Releases',
      screen: ReleasesListScreen,
    },
    {
      path: '/releases/single/{id}',
      access: 'admin',
      title: 'Release',
      screen: ReleaseScreen,
    },
    { path: '/releases/track/{id}', access: 'admin', title: 'Track', screen: TrackScreen },
    { path: '/release/edit-requests/{page}', access: 'admin', title: 'Edit requests', screen: EditRequestsListScreen },
    { path: '/release/edit-requests/view/{id}', access: 'admin', title: 'Edit request', screen: EditRequestScreen },
    { path: '/uploader', access: 'admin', title: 'New release', screen: UploaderScreen },
    { path: '/uploader/edit/{id}', access: 'admin', title: 'Edit release', screen: UploaderScreen },
  ],
}
