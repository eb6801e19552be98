import { describe, expect, it } from 'vitest'
import { SITE_SETUP_COMMANDS } from '../../src/domains/site-setup/commands'
import { fakeCommandEnv } from '../helpers/command-env'
import type { CommandContext } from '../../commands/types'

const command = (id: string) => SITE_SETUP_COMMANDS.find((entry) => entry.id === id)!
const context = {} as CommandContext

describe('site setup commands', () => {
  it('"Generate DNS records" says which domain and shows the mail settings; a refusal says why and shows them too', async () => {
    const env = fakeCommandEnv({ 'site.generateDns': { domain: 'mail.acme.test' } })
    await command('site.generateDns').run!(context, env)
    expect(env.notify).toHaveBeenCalledWith('DNS records generated for mail.acme.test.', 'success')
    expect(env.open).toHaveBeenCalledWith('/site-settings?tab=3')
    const refused = fakeCommandEnv()
    refused.call.mockRejectedValueOnce(new Error('Set the mail domain first'))
    await command('site.generateDns').run!(context, refused)
    expect(refused.notify).toHaveBeenCalledWith('Set the mail domain first', 'error')
    expect(refused.open).toHaveBeenCalledWith('/site-settings?tab=3')
  })

  it('"Verify DNS records" counts the verified records, a success only when all are', async () => {
    const record = (valid: boolean) => ({ is_active: true, valid })
    const some = fakeCommandEnv({ 'site.verifyDns': { sending: [record(true), record(false)], receiving: [record(true)] } })
    await command('site.verifyDns').run!(context, some)
    expect(some.notify).toHaveBeenCalledWith('2 of 3 DNS records verified.', 'info')
    const all = fakeCommandEnv({ 'site.verifyDns': { sending: [record(true)], receiving: [record(true)] } })
    await command('site.verifyDns').run!(context, all)
    expect(all.notify).toHaveBeenCalledWith('2 of 2 DNS records verified.', 'success')
  })

  it('"Send a test email" shows the mail server\'s answer, or the reason it failed', async () => {
    const env = fakeCommandEnv({ 'site.testSmtp': { message: 'Test email sent.', response: '250 OK' } })
    await command('site.sendTestEmail').run!(context, env)
    expect(env.notify).toHaveBeenCalledWith('Test email sent. The server answered: 250 OK', 'success')
    const failed = fakeCommandEnv()
    failed.call.mockRejectedValueOnce(new Error('Connection refused'))
    await command('site.sendTestEmail').run!(context, failed)
    expect(failed.notify).toHaveBeenCalledWith('Connection refused', 'error')
    expect(failed.open).not.toHaveBeenCalled()
  })
})
