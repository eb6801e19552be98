import type { Command } from './types'
import { promptCommand } from './prompt'

// What the signed-in account does for itself from the palette (anyone signed in).

export const OWN_ACCOUNT_COMMANDS: readonly Command[] = [
  {
    id: 'auth.sendEmailVerification',
    title: 'Email me a verification code',
    group: 'My account',
    keywords: ['verify', 'email', 'confirm', 'code'],
    access: 'auth',
    run: async (_context, env) => {
      const { sent, message } = await env.call('auth.sendEmailVerification')
      env.notify(message, sent ? 'success' : 'info')
    },
  },
  promptCommand({
    id: 'auth.applyPromotionalCode',
    title: 'Apply a promotional code…',
    group: 'My account',
    keywords: ['promo', 'promotion', 'coupon', 'discount', 'code', 'redeem'],
    access: 'auth',
    placeholder: 'Type the code',
    validate: (text) => (text.length > 64 ? 'A code has at most 64 characters' : null),
    confirmTitle: (text) => `Apply the code “${text}”`,
    submit: async (text, _context, env) => {
      const applied = await env.call('auth.applyPromotionalCode', { body: { code: text } })
      env.refresh()
      env.notify(`Code ${applied.code} applied: ${applied.description}`, 'success')
    },
  }),
]
