import type { EndpointDef } from './define'

/** Operator setup: site settings, branding, menus, login slider, mail and DNS, agreement, wallet. */
export const siteEndpoints = {} as const satisfies Record<string, EndpointDef>
