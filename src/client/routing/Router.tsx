import { Suspense, useEffect, useMemo } from 'react'
import { useSession } from '../state/session'
import { useSite } from '../state/site'
import { LoadingScreen } from '../pages/LoadingScreen'
import { ForbiddenPage, NotFoundPage } from '../pages/StatusPage'
import { AppFrame } from '../shell/AppFrame'
import { findRoute } from './registry'
import { navigate, useLocation } from './navigation'
import { safeNextPath } from './match'

function Redirect({ to }: { to: string }) {
  useEffect(() => navigate(to, { replace: true }), [to])
  return <LoadingScreen />
}

function useTitle(title: string, siteName: string) {
  useEffect(() => {
    document.title = `${title} | ${siteName}`
  }, [title, siteName])
}

/**
 * Picks the screen for the address and applies its access: guest-only routes send signed-in
 * accounts on, auth routes send guests to sign in (and back afterwards), admin routes refuse others.
 */
export function Router() {
  const { pathname, search } = useLocation()
  const { status, me } = useSession()
  const site = useSite()
  const found = findRoute(pathname)
  const searchParams = useMemo(() => new URLSearchParams(search), [search])
  const signedIn = status === 'authenticated'
  const siteName = me?.tenant.name ?? site.name
  const forbidden = Boolean(found && found.route.access === 'admin' && signedIn && me?.account.type !== 'admin')
  useTitle(found ? (forbidden ? 'Admins only' : found.route.title) : 'Page not found', siteName)

  if (status === 'checking' || status === 'loggingOut' || status === 'banned') return <LoadingScreen />
  if (!found)
    return signedIn ? (
      <AppFrame>
        <NotFoundPage signedIn />
      </AppFrame>
    ) : (
      <NotFoundPage signedIn={false} />
    )

  const { route, params } = found
  if (route.access === 'guest-only' && signedIn) return <Redirect to={safeNextPath(searchParams.get('next')) ?? '/dashboard'} />
  if ((route.access === 'auth' || route.access === 'admin') && !signedIn) {
    return <Redirect to={`/login?next=${encodeURIComponent(pathname + search)}`} />
  }
  if (forbidden)
    return (
      <AppFrame>
        <ForbiddenPage />
      </AppFrame>
    )

  const Screen = route.screen
  const screen = (
    <Suspense fallback={<LoadingScreen />}>
      <Screen params={params} search={searchParams} />
    </Suspense>
  )
  return route.access === 'auth' || route.access === 'admin' ? <AppFrame>{screen}</AppFrame> : screen
}
