import { lazy } from 'react'
import type { DomainUi } from '@client/routing/types'
import { CATALOGUE_OPS_COMMANDS } from '@commands/catalogue-ops'

/** Catalogue operations: the UPC and ISRC importer (docs/catalogue-ops.md). */
export const catalogueOpsUi: DomainUi = {
  name: 'catalogue-ops',
  routes: [
    { path: '/upc-isrc-import', access: 'admin', title: 'UPC and ISRC importer', screen: lazy(() => import('./ui/CodeImporterScreen')) },
  ],
  commands: CATALOGUE_OPS_COMMANDS,
}
