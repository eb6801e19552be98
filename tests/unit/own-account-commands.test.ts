import { describe, expect, it } from 'vitest'
import { OWN_ACCOUNT_COMMANDS } from '../../commands/own-account'
import type { CommandContext } from '../../commands/types'
import { fakeCommandEnv } from '../helpers/command-env'

const artist: CommandContext = { account: { id: 3, type: 'artist', isOperator: false }, route: null, record: null, list: null, paneCount: 1 }
const command = (id: string) => OWN_ACCOUNT_COMMANDS.find((entry) => entry.id === id)!

describe('own account commands', () => {
  it('emails a verification code and says what the server said', async () => {
    const env = fakeCommandEnv({ 'auth.sendEmailVerification': { sent: true, message: 'A code was sent to nina@example.com.' } })
    await command('auth.sendEmailVerification').run!(artist, env)
    expect(env.call).toHaveBeenCalledWith('auth.sendEmailVerification')
    expect(env.notify).toHaveBeenCalledWith('A code was sent to nina@example.com.', 'success')
  })

  it('applies a typed promotional code, refusing one too long before sending', async () => {
    const env = fakeCommandEnv({ 'auth.applyPromotionalCode': { code: 'WELCOME10', description: '10% off distribution', redeemedAt: '2026-11-26T03:00:00.000Z' } })
    const signal = new AbortController().signal
    const [tooLong] = await command('auth.applyPromotionalCode').search!('X'.repeat(65), artist, env, signal)
    expect(tooLong.title).toBe('A code has at most 64 characters')
    const [apply] = await command('auth.applyPromotionalCode').search!('WELCOME10', artist, env, signal)
    expect(apply.title).toBe('Apply the code “WELCOME10”')
    await apply.run!(artist, env)
    expect(env.call).toHaveBeenCalledWith('auth.applyPromotionalCode', { body: { code: 'WELCOME10' } })
    expect(env.notify).toHaveBeenCalledWith('Code WELCOME10 applied: 10% off distribution', 'success')
  })
})
