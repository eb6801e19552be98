import { Suspense, useEffect, useMemo } from 'react'
import { useSession } from '../state/session'
import { useSite } from '../state/site'
import { LoadingScreen } from '../pages/LoadingScreen'
import { NotFoundPage } from '../pages/StatusPage'
import { findRoute } from './registry'
import { navigate, useLocation } from './navigation'
import { decideRoute } from './decide'

function Redirect({ to }: { to: string }) {
  useEffect(() => navigate(to, { replace: true }), [to])
  return <LoadingScreen />
}

/**
 * The window's router for everything outside the workspace: sign-in, recovery and invitation
 * pages, and the redirects around them. Signed-in pages render in the workspace's tabs.
 */
export function Router() {
  const { pathname, search } = useLocation()
  const { status, me } = useSession()
  const site = useSite()
  const found = findRoute(pathname)
  const searchParams = useMemo(() => new URLSearchParams(search), [search])
  const decision = decideRoute({ access: found?.route.access ?? null, status, me, pathname, search })
  const title = decision.kind === 'not-found' ? 'Page not found' : (found?.route.title ?? '')
  useEffect(() => {
    if (title) document.title = `${title} | ${site.name}`
  }, [title, site.name])

  switch (decision.kind) {
    case 'loading':
      return <LoadingScreen />
    case 'redirect':
      return <Redirect to={decision.to} />
    case 'not-found':
      return <NotFoundPage signedIn={status === 'authenticated'} />
    case 'forbidden':
    case 'render': {
      const Screen = found!.route.screen
      return (
        <Suspense fallback={<LoadingScreen />}>
          <Screen params={found!.params} search={searchParams} />
        </Suspense>
      )
    }
  }
}
