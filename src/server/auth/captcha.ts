import type { Config } from '../config'
import { notConfigured } from '../errors'

export interface CaptchaVerifier {
  readonly enabled: boolean
  verify(token: string, remoteIp: string | null): Promise<boolean>
}

/**
 * Captcha providers (Cloudflare Turnstile, hCaptcha, reCAPTCHA) share one "siteverify" protocol:
 * a form POST of secret and response answering JSON with `success`. The URL picks the provider.
 */
export function createCaptchaVerifier(config: Pick<Config, 'captcha'>, fetchImpl: typeof fetch = fetch): CaptchaVerifier {
  const { secret, verifyUrl } = config.captcha
  return {
    enabled: Boolean(secret),
    async verify(token, remoteIp) {
      if (!secret) throw notConfigured('Captcha is not configured')
      const form = new URLSearchParams({ secret, response: token })
      if (remoteIp) form.set('remoteip', remoteIp)
      const response = await fetchImpl(verifyUrl, { method: 'POST', body: form, signal: AbortSignal.timeout(10_000) })
      if (!response.ok) throw new Error(`Captcha verification answered ${response.status}`)
      const answer = (await response.json()) as { success?: boolean }
      return answer.success === true
    },
  }
}
