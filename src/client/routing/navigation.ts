import { proxy, useSnapshot } from 'valtio'

interface LocationState {
  pathname: string
  search: string
}

export const locationState = proxy<LocationState>({ pathname: window.location.pathname, search: window.location.search })

function sync() {
  locationState.pathname = window.location.pathname
  locationState.search = window.location.search
}

window.addEventListener('popstate', sync)

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const url = new URL(to, window.location.origin)
  if (url.origin !== window.location.origin) {
    window.location.assign(to)
    return
  }
  const target = `${url.pathname}${url.search}${url.hash}`
  if (options.replace) window.history.replaceState(null, '', target)
  else window.history.pushState(null, '', target)
  sync()
}

export function useLocation(): LocationState {
  return useSnapshot(locationState)
}
