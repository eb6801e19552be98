import { ENDPOINTS } from '../src/contract/index'
import type { EndpointRoute } from '../src/contract/route'

/**
 * What the browser needs of each API call at run time: method, path, access and whether it takes an
 * idempotency key. The contract's zod schemas stay on the server and in the types: the client
 * imports this (the `virtual:endpoint-routes` module, vite.config.ts) instead of the contract, so
 * start-up neither downloads nor builds several hundred schemas.
 */
export function endpointRoutes(): Record<string, EndpointRoute> {
  return Object.fromEntries(
    Object.entries(ENDPOINTS).map(([id, def]) => [
      id,
      { method: def.method, path: def.path, access: def.access, ...('idempotent' in def && def.idempotent ? { idempotent: true } : {}) },
    ]),
  )
}
