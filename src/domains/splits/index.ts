import { lazyScreen } from '@client/routing/lazy-screen'
import type { DomainUi } from '@client/routing/types'

const NewSplitScreen = lazyScreen(() => import('./ui/NewSplitScreen'))
const SplitsListScreen = lazyScreen(() => import('./ui/SplitsListScreen'))
const SplitScreen = lazyScreen(() => import('./ui/SplitScreen'))
const BulkSplitsScreen = lazyScreen(() => import('./ui/BulkSplitsScreen'))

/** Royalty splits: create, manage, one split, bulk from CSV. */
export const splitsUi: DomainUi = {
  name: 'splits',
  routes: [
    { path: '/splits/new', access: 'auth', title: 'Create split', screen: NewSplitScreen },
    { path: '/royalty-shares/manage/{page}', access: 'admin', title: 'Royalty splits', screen: SplitsListScreen },
    { path: '/royalty-shares/single/{id}', access: 'admin', title: 'Royalty split', screen: SplitScreen },
    { path: '/royalty-shares/bulk', access: 'admin', title: 'Bulk splits', screen: BulkSplitsScreen },
  ],
}
