import { lazyScreen } from '@client/routing/lazy-screen'
import type { DomainUi } from '@client/routing/types'

/** Catalogue operations: the UPC and ISRC importer, the import sections and the catalogue ingestion page (docs/catalogue-ops.md). */
export const catalogueOpsUi: DomainUi = {
  name: 'catalogue-ops',
  routes: [
    {
      path: '/upc-isrc-import',
      access: 'admin',
      title: 'UPC and ISRC importer',
      screen: lazyScreen(() => import('./ui/CodeImporterScreen')),
    },
    { path: '/releases/import-sections', access: 'admin', title: 'Imports', screen: lazyScreen(() => import('./ui/ImportSectionsScreen')) },
    { path: '/releases/import/{page}', access: 'admin', title: 'Import', screen: lazyScreen(() => import('./ui/ImportPageScreen')) },
    { path: '/releases/export/{page}', access: 'admin', title: 'Export', screen: lazyScreen(() => import('./ui/ExportScreen')) },
  ],
}
