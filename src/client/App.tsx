import { useEffect } from 'react'
import { Theme } from '@radix-ui/themes'
import { Router } from './routing/Router'
import { useSite } from './state/site'
import { useSession } from './state/session'
import { themeStyle } from './theme'

export function App() {
  const site = useSite()
  const { status } = useSession()
  useEffect(() => {
    document.documentElement.dataset.session = status
  }, [status])
  return (
    <Theme accentColor="amber" grayColor="sand" radius="medium" scaling="100%" style={themeStyle(site.colors)}>
      <Router />
    </Theme>
  )
}
