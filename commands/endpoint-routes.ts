import routes from 'virtual:endpoint-routes'
import type { EndpointId } from '@contract/index'
import type { EndpointRoute } from '@contract/route'

/** Each API call's method, path, access and idempotency, without the contract's schemas (vite.config.ts). */
export const ENDPOINT_ROUTES = routes as Readonly<Record<EndpointId, EndpointRoute>>
