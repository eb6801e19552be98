/// <reference types="vite/client" />

/** The app version from package.json, set at build time. */
declare const __APP_VERSION__: string

declare module 'virtual:endpoint-routes' {
  const routes: Record<string, import('./contract/route').EndpointRoute>
  export default routes
}
