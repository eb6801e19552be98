import { authEndpoints } from './auth'
import { sharedEndpoints } from './shared'
import { notificationEndpoints } from './notifications'
import { dashboardEndpoints } from './dashboard'
import { helpCenterEndpoints } from './help-center'
import { userEndpoints } from './users'
import { searchEndpoints } from './search'
import { siteEndpoints } from './site'
import { usersEndpoints } from './users-admin'
import { releasesEndpoints } from './releases'
import { releaseOpsEndpoints } from './release-ops'
import { releaseLinksEndpoints } from './release-links'
import { splitsEndpoints } from './splits'
import { earningsEndpoints } from './earnings'
import { ledgerEndpoints } from './ledger'
import { earningsImportsEndpoints } from './earnings-imports'
import { accountSalesEndpoints } from './account-sales'
import { accountReportEndpoints } from './account-reports'
import { payoutBatchesEndpoints } from './payout-batches'
import { reportsEndpoints } from './reports'
import { siteReportsEndpoints } from './site-reports'
import { payoutsEndpoints } from './payouts'
import { supportEndpoints } from './support'
import { catalogueOpsEndpoints, deliveryEndpoints, releaseRecordEndpoints, exportEndpoints, ingestionEndpoints, transferEndpoints } from './catalogue-ops'
import { releaseImportEndpoints } from './catalogue-ops'
import { featureControlEndpoints } from './feature-controls'
import { newsEndpoints } from './news'
import { fanblastEndpoints } from './fanblast'
import { discoveryEndpoints, usageAnalyticsEndpoints, usageDiscoveryEndpoints } from './discovery'
import type { EndpointDef } from './define'
import { analyticsEndpoints } from './analytics'

/** Every API call of the product. Domains add their groups here; nothing else is the API's truth. */
export const ENDPOINTS = {
  ...authEndpoints,
  ...sharedEndpoints,
  ...notificationEndpoints,
  ...dashboardEndpoints,
  ...helpCenterEndpoints,
  ...userEndpoints,
  ...searchEndpoints,
  ...siteEndpoints,
  ...usersEndpoints,
  ...releasesEndpoints,
  ...releaseOpsEndpoints,
  ...releaseLinksEndpoints,
  ...splitsEndpoints,
  ...earningsEndpoints,
  ...ledgerEndpoints,
  ...earningsImportsEndpoints,
  ...accountSalesEndpoints,
  ...accountReportEndpoints,
  ...payoutBatchesEndpoints,
  ...reportsEndpoints,
  ...siteReportsEndpoints,
  ...payoutsEndpoints,
  ...supportEndpoints,
  ...catalogueOpsEndpoints,
  ...ingestionEndpoints,
  ...releaseImportEndpoints,
  ...exportEndpoints,
  ...deliveryEndpoints,
  ...releaseRecordEndpoints,
  ...transferEndpoints,
  ...featureControlEndpoints,
  ...newsEndpoints,
  ...analyticsEndpoints,
  ...fanblastEndpoints,
  ...discoveryEndpoints,
  ...usageDiscoveryEndpoints,
  ...usageAnalyticsEndpoints,
} as const satisfies Record<string, EndpointDef>

export type Endpoints = typeof ENDPOINTS
export type EndpointId = keyof Endpoints

export * from './define'
