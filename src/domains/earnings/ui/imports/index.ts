import { lazyScreen } from '@client/routing/lazy-screen'
import type { DomainUi } from '@client/routing/types'

const ImportScreen = lazyScreen(() => import('./ImportScreen'))

/** Statement imports: one import's page (and /earnings/import/new for the flow and histories on their own). */
export const earningsImportsUi: DomainUi = {
  name: 'earnings-imports',
  routes: [{ path: '/earnings/import/{id}', access: 'admin', title: 'Statement import', screen: ImportScreen }],
}
