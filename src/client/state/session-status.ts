/** The session machine's states, as the client reads them. */
export type SessionStatus = 'checking' | 'authenticated' | 'unauthenticated' | 'loggingOut' | 'banned'
