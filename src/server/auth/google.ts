import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose'
import type { Config } from '../config'
import { HttpError, notConfigured } from '../errors'

export interface GoogleProfile {
  subject: string
  email: string
  emailVerified: boolean
  givenName: string
  familyName: string
}

export interface GoogleIdentity {
  readonly enabled: boolean
  readonly clientId: string | null
  /** Verifies an ID token (signature, issuer, audience, expiry) and returns who it names. */
  verify(credential: string): Promise<GoogleProfile>
}

/**
 * Google sign-in as a plain OpenID Connect relying party: the browser obtains an ID token from
 * Google Identity Services and the server checks it against the issuer's published keys.
 * The issuer is configurable so tests can stand up a local one.
 */
export function createGoogleIdentity(config: Pick<Config, 'google'>, fetchImpl: typeof fetch = fetch): GoogleIdentity {
  const { clientId, issuer } = config.google
  let keys: Promise<JWTVerifyGetKey> | undefined
  const loadKeys = async () => {
    const response = await fetchImpl(`${issuer}/.well-known/openid-configuration`)
    if (!response.ok) throw new Error(`OpenID discovery failed with ${response.status}`)
    const discovery = (await response.json()) as { jwks_uri?: string }
    if (!discovery.jwks_uri) throw new Error('OpenID discovery has no jwks_uri')
    return createRemoteJWKSet(new URL(discovery.jwks_uri))
  }
  // Google writes its issuer with and without the scheme.
  const issuers = issuer === 'https://accounts.google.com' ? [issuer, 'accounts.google.com'] : [issuer]
  return {
    enabled: Boolean(clientId),
    clientId: clientId ?? null,
    async verify(credential) {
      if (!clientId) throw notConfigured('Google sign-in is not configured')
      keys ??= loadKeys().catch((error) => {
        keys = undefined
        throw error
      })
      let payload: Record<string, unknown>
      try {
        ;({ payload } = await jwtVerify(credential, await keys, { issuer: issuers, audience: clientId }))
      } catch (error) {
        if (error instanceof HttpError) throw error
        throw new HttpError(401, 'The Google sign-in could not be verified. Try again.', 'google_invalid')
      }
      const email = typeof payload.email === 'string' ? payload.email.toLowerCase() : ''
      if (!payload.sub || !email) throw new HttpError(401, 'The Google account did not share an email address.', 'google_invalid')
      return {
        subject: String(payload.sub),
        email,
        emailVerified: payload.email_verified === true || payload.email_verified === 'true',
        givenName: typeof payload.given_name === 'string' ? payload.given_name : '',
        familyName: typeof payload.family_name === 'string' ? payload.family_name : '',
      }
    },
  }
}
