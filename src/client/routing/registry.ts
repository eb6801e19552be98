import type { DomainUi, RouteDef } from './types'
import { compilePattern, matchPattern, type CompiledPattern } from './match'
import { authUi } from '@domains/auth'
import { catalogueUi } from '@domains/catalogue'
import { dashboardUi } from '@domains/dashboard'
import { notificationsUi } from '@domains/notifications'
import { siteSetupUi } from '@domains/site-setup'
import { usersUi } from '@domains/users'
import { splitsUi } from '@domains/splits'
import { earningsUi } from '@domains/earnings'
import { earningsImportsUi } from '@domains/earnings/ui/imports'
import { ledgerUi } from '@domains/earnings/ui/ledger'
import { accountDownloadsUi } from '@domains/reports/ui/account-downloads-ui'
import { payoutBatchesUi } from '@domains/payouts/batches'
import { reportsUi } from '@domains/reports'
import { payoutsUi } from '@domains/payouts'
import { supportUi } from '@domains/support'
import { featureControlsUi } from '@domains/feature-controls'
import { discoveryUi } from '@domains/discovery'
import { helpCenterUi } from '@domains/help-center'
import { catalogueOpsUi } from '@domains/catalogue-ops'
import { newsUi } from '@domains/news'
import { analyticsUi } from '@domains/analytics'
import { fanblastUi } from '@domains/fanblast'

/** Every built screen, from the domains that own them. A route of routes.tsv not listed here shows not-found. */
export const DOMAIN_UIS: DomainUi[] = [
  authUi,
  dashboardUi,
  notificationsUi,
  usersUi,
  catalogueUi,
  splitsUi,
  earningsUi,
  earningsImportsUi,
  ledgerUi,
  accountDownloadsUi,
  payoutBatchesUi,
  reportsUi,
  payoutsUi,
  siteSetupUi,
  supportUi,
  helpCenterUi,
  catalogueOpsUi,
  featureControlsUi,
  newsUi,
  analyticsUi,
  fanblastUi,
  discoveryUi,
]

export interface RegisteredRoute extends RouteDef {
  compiled: CompiledPattern
  domain: string
}

export const ROUTES: RegisteredRoute[] = DOMAIN_UIS.flatMap((domain) =>
  domain.routes.map((route) => ({ ...route, domain: domain.name, compiled: compilePattern(route.path) })),
).sort((a, b) => b.compiled.specificity - a.compiled.specificity)

export function findRoute(pathname: string): { route: RegisteredRoute; params: Record<string, string> } | null {
  for (const route of ROUTES) {
    const params = matchPattern(route.compiled, pathname)
    if (params) return { route, params }
  }
  return null
}
