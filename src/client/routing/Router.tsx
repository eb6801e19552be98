import { Suspense, useEffect, useMemo } from 'react'
import { useSession } from '../state/session'
import { useSite } from '../state/site'
import { LoadingScreen } from '../pages/LoadingScreen'
import { ForbiddenPage, NotFoundPage } from '../pages/StatusPage'
import { AppFrame } from '../shell/AppFrame'
import { findRoute } from './registry'
import { navigate, useLocation } from './navigation'
import { decideRoute } from './decide'

function Redirect({ to }: { to: string }) {
  useEffect(() => navigate(to, { replace: true }), [to])
  return <LoadingScreen />
}

const TITLES = { 'not-found': 'Page not found', forbidden: 'Admins only' } as const

/** Shows the screen the address names, as the session allows (see decideRoute). */
export function Router() {
  const { pathname, search } = useLocation()
  const { status, me } = useSession()
  const site = useSite()
  const found = findRoute(pathname)
  const searchParams = useMemo(() => new URLSearchParams(search), [search])
  const decision = decideRoute({ access: found?.route.access ?? null, status, me, pathname, search })
  const title = decision.kind === 'not-found' || decision.kind === 'forbidden' ? TITLES[decision.kind] : (found?.route.title ?? '')
  const siteName = me?.tenant.name ?? site.name
  useEffect(() => {
    if (title) document.title = `${title} | ${siteName}`
  }, [title, siteName])

  switch (decision.kind) {
    case 'loading':
      return <LoadingScreen />
    case 'redirect':
      return <Redirect to={decision.to} />
    case 'not-found':
      return status === 'authenticated' ? (
        <AppFrame>
          <NotFoundPage signedIn />
        </AppFrame>
      ) : (
        <NotFoundPage signedIn={false} />
      )
    case 'forbidden':
      return (
        <AppFrame>
          <ForbiddenPage />
        </AppFrame>
      )
    case 'render': {
      const Screen = found!.route.screen
      const screen = (
        <Suspense fallback={<LoadingScreen />}>
          <Screen params={found!.params} search={searchParams} />
        </Suspense>
      )
      return decision.framed ? <AppFrame>{screen}</AppFrame> : screen
    }
  }
}
