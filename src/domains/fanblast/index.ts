import { lazyScreen } from '@client/routing/lazy-screen'
import type { DomainUi } from '@client/routing/types'

/** Fan blast: the blasts list and one blast with its review and email log (docs/fanblast.md). */
export const fanblastUi: DomainUi = {
  name: 'fanblast',
  routes: [
    { path: '/fanblast/manage/{page}', access: 'admin', title: 'Fan blast', screen: lazyScreen(() => import('./ui/BlastListScreen')) },
    { path: '/fanblast/single/{id}', access: 'admin', title: 'Fan blast message', screen: lazyScreen(() => import('./ui/BlastScreen')) },
  ],
}
