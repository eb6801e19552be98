// The run-time part of an endpoint the browser uses (no zod here: see scripts/endpoint-routes.ts).

export type Access = 'guest' | 'auth' | 'admin'
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface EndpointRoute {
  method: Method
  /** Path under /api, with `{name}` parameters, exactly as endpoints.tsv writes it. */
  path: string
  access: Access
  /** Idempotency-Key header honoured (payout calls). */
  idempotent?: boolean
}

/** Fill `{name}` placeholders from params, encoding each value. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name]
    if (value === undefined || value === null || value === '') throw new Error(`Missing path parameter ${name} for ${path}`)
    return encodeURIComponent(String(value))
  })
}
