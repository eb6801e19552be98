import { fillPath } from '@contract/route'

/** What a call's address is made of: its path parameters and its query. */
export interface UrlInput {
  params?: Record<string, unknown>
  query?: Record<string, unknown>
}

function queryString(query: Record<string, unknown> | undefined): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    // Empty values are skipped, as the spec's client does.
    if (value === undefined || value === null || value === '') continue
    if (Array.isArray(value)) value.forEach((item) => params.append(key, String(item)))
    else params.set(key, String(value))
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}

/**
 * A call's address under `/api` (`/users?page=1&per_page=25`): the client's `api.call` asks it, and the
 * server writes the same address into the HTML's preload of a route's first read
 * (src/server/plugins/route-preload.ts), so the browser takes the preloaded answer for the call.
 */
export function endpointUrl(path: string, input: UrlInput | undefined): string {
  return `/${fillPath(path, input?.params)}${queryString(input?.query)}`
}
