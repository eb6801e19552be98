import type { EndpointDef } from './define'

/** Accounts: users, admins, invitations and every staff action on an account. */
export const usersEndpoints = {} as const satisfies Record<string, EndpointDef>
