import { describe, expect, it } from 'vitest'
import { fakeCommandEnv } from '../helpers/command-env'
import { accountState } from '../helpers/records'
import { CommandRegistry } from '../../commands/registry'
import { selectionOf } from '../../commands/actions'
import { RECORD_ACTIONS } from '../../commands/record-actions'
import { ACCOUNT_FLAG_ACTIONS, USER_ACTIONS, flagActionKeys } from '../../commands/users'
import type { RecordRef, RecordStates } from '../../commands/records'
import type { CommandContext } from '../../commands/types'

const base: CommandContext = { account: { id: 1, type: 'admin', isOperator: false }, route: null, record: null, list: null, paneCount: 1 }
const on = (record: RecordRef): CommandContext => ({ ...base, record })
const onAccount = (state: Partial<RecordStates['account']> = {}) =>
  on({ kind: 'account', id: '42', title: 'Nina Vale', state: accountState(state) })

const registry = new CommandRegistry()
registry.register(RECORD_ACTIONS.flatMap((action) => action.commands))
const titles = (context: CommandContext) =>
  registry.available(context).map((entry) => (entry.disabledReason ? `${entry.title} [${entry.disabledReason}]` : entry.title))

describe('account flags: one declaration per flag, both directions', () => {
  it('keeps the keys the palette, the switches and the users list use', () => {
    expect(USER_ACTIONS.map((action) => action.key)).toEqual(
      expect.arrayContaining([
        'users.editVerify:verify',
        'users.editVerify:unverify',
        'users.editVerify:priority',
        'users.editVerify:unpriority',
        'users.blockWithdraw',
        'users.unblockWithdraw',
        'users.dmcaSubmit',
        'users.dmcaCancel',
        'users.restrictNewRelease:on',
        'users.restrictNewRelease:off',
        'users.banRelease:on',
        'users.banRelease:off',
      ]),
    )
    expect(flagActionKeys('verified')).toEqual({ on: 'users.editVerify:verify', off: 'users.editVerify:unverify' })
    expect(flagActionKeys('restrictRelease')).toEqual({ on: 'users.banRelease:on', off: 'users.banRelease:off' })
    // Every flag has an action each way, and only verify and priority act on a list's selection.
    const many = USER_ACTIONS.filter((action) => action.scope === 'both' && action.key.startsWith('users.editVerify')).map((a) => a.key)
    expect(many).toEqual(['users.editVerify:verify', 'users.editVerify:priority'])
    for (const name of Object.keys(ACCOUNT_FLAG_ACTIONS) as (keyof typeof ACCOUNT_FLAG_ACTIONS)[]) {
      const keys = flagActionKeys(name)
      expect(USER_ACTIONS.some((action) => action.key === keys.on) && USER_ACTIONS.some((action) => action.key === keys.off), name).toBe(
        true,
      )
    }
  })

  it('offers the side that changes the flag, and sends that flag only', async () => {
    expect(titles(onAccount({}))).toEqual(expect.arrayContaining(['Mark verified investor: Nina Vale', 'Mark verified charity: Nina Vale']))
    const charity = onAccount({ verifiedCharity: true })
    expect(titles(charity)).toContain('Remove verified charity: Nina Vale')
    expect(titles(charity)).not.toContain('Mark verified charity: Nina Vale')
    const env = fakeCommandEnv()
    await registry.get('users.editVerify:uncharity')!.run!(charity, env)
    expect(env.call).toHaveBeenCalledWith('users.editVerify', { body: { userId: 42, verifiedCharity: false } })
    expect(env.notify).toHaveBeenCalledWith('Verified charity: off.', 'success')
  })

  it('verifies a list selection one account at a time', async () => {
    const context: CommandContext = {
      ...base,
      list: {
        listId: 'users',
        title: 'Users',
        selectedCount: 2,
        bulkActions: [],
        selection: selectionOf(
          'account',
          [7, 8].map((id) => ({ id, state: accountState() })),
        ),
      },
    }
    const env = fakeCommandEnv()
    await registry.get('users.editVerify:verify.selection')!.run!(context, env)
    expect(env.call.mock.calls).toEqual([
      ['users.editVerify', { body: { userId: 7, verified: true } }],
      ['users.editVerify', { body: { userId: 8, verified: true } }],
    ])
    expect(env.notify).toHaveBeenCalledWith('Verified 2 of 2.', 'success')
  })
})

describe('account fields and entries', () => {
  it('clears the tenant split only when one is set', async () => {
    expect(titles(onAccount({ tenantSplit: null }))).not.toContain('Clear tenant split of Nina Vale')
    const context = onAccount({ tenantSplit: '15.0000' })
    expect(titles(context)).toContain('Clear tenant split of Nina Vale')
    const env = fakeCommandEnv()
    await registry.get('users.editTenantSplit:clear')!.run!(context, env)
    expect(env.call).toHaveBeenCalledWith('users.editTenantSplit', { body: { userId: 42, tenantSplit: null } })
    expect(env.notify).toHaveBeenCalledWith('Tenant split cleared.', 'success')
  })

  it('removes an artist from its label', async () => {
    expect(titles(onAccount({ label: null }))).not.toContain('Remove Nina Vale from Vale Records')
    expect(titles(onAccount({ type: 'label', label: { id: 9, name: 'Vale Records' } }))).not.toContain('Remove Nina Vale from Vale Records')
    const context = onAccount({ label: { id: 9, name: 'Vale Records' } })
    expect(titles(context)).toContain('Remove Nina Vale from Vale Records')
    const env = fakeCommandEnv()
    await registry.get('users.editLabel:remove')!.run!(context, env)
    expect(env.call).toHaveBeenCalledWith('users.editLabel', { body: { userId: 42, labelId: null } })
  })

  it('signs an artist to a label found by name, from the palette or with the answer a picker gave', async () => {
    const context = onAccount({ label: { id: 9, name: 'Vale Records' } })
    expect(titles(context)).toContain('Sign Nina Vale to a label…')
    expect(titles(onAccount({ type: 'label' }))).not.toContain('Sign Nina Vale to a label…')
    const env = fakeCommandEnv({
      'users.list': {
        data: [
          { id: 9, type: 'label', displayName: 'Vale Records', email: 'vale@example.com', initials: 'VR' },
          { id: 11, type: 'label', displayName: 'Harbour Sound', email: 'harbour@example.com', initials: 'HS' },
        ],
      },
      'users.editLabel': { label: { id: 11, name: 'Harbour Sound' } },
    })
    // Label accounts as the server finds them, less the one it is signed to already.
    const found = await registry.get('users.editLabel:set')!.search!('harbour', context, env, new AbortController().signal)
    expect(env.call).toHaveBeenCalledWith('users.list', { query: { search: 'harbour', type: 'label', page: 1, per_page: 25 } })
    expect(found.map((choice) => choice.title)).toEqual(['Harbour Sound (harbour@example.com)'])
    // Under the list's three-character minimum: the newest labels, not a refused search.
    await registry.get('users.editLabel:set')!.search!('ha', context, env, new AbortController().signal)
    expect(env.call).toHaveBeenLastCalledWith('users.list', { query: { search: undefined, type: 'label', page: 1, per_page: 25 } })
    await found[0].run!(context, env)
    expect(env.call).toHaveBeenLastCalledWith('users.editLabel', { body: { userId: 42, labelId: 11 } })
    expect(env.notify).toHaveBeenLastCalledWith('Signed to Harbour Sound.', 'success')
    const action = USER_ACTIONS.find((entry) => entry.key === 'users.editLabel:set')!
    await action.answered({ kind: 'account', from: 'record', items: [{ id: 42, state: accountState() }] }, 11).run!(context, env)
    expect(env.call).toHaveBeenCalledTimes(4)
    expect(env.call).toHaveBeenLastCalledWith('users.editLabel', { body: { userId: 42, labelId: 11 } })
  })

  it('removes a document or a publishing entry chosen on a page of the account’s own', async () => {
    expect(titles(onAccount({ documents: [] }))).not.toContain('Remove a document of Nina Vale…')
    const context = onAccount({
      documents: [
        { id: 5, title: 'Contract' },
        { id: 6, title: 'Passport' },
      ],
      publishing: [{ id: 3, period: '2024-01-01', amount: '120.50', note: 'Sync fee' }],
    })
    const env = fakeCommandEnv()
    const documents = await registry.get('users.removeDocument')!.children!(context, env)
    expect(documents.map((choice) => choice.title)).toEqual(['Contract', 'Passport'])
    await documents[1].run!(context, env)
    expect(env.call).toHaveBeenCalledWith('users.removeDocument', { body: { userId: 42, documentId: 6 } })
    const entries = await registry.get('users.publishingRemove')!.children!(context, env)
    expect(entries.map((choice) => choice.title)).toEqual(['2024-01-01: $120.50 (Sync fee)'])
    await entries[0].run!(context, env)
    expect(env.call).toHaveBeenLastCalledWith('users.publishingRemove', { body: { userId: 42, entryId: 3 } })
    expect(env.notify).toHaveBeenLastCalledWith('Publishing entry removed.', 'success')
  })

  it('signs out a session and deletes a notification of the account they belong to', async () => {
    const env = fakeCommandEnv()
    await registry.get('users.logoutSession')!.run!(on({ kind: 'accountSession', id: '77', state: { accountId: 42 } }), env)
    expect(env.call).toHaveBeenCalledWith('users.logoutSession', { body: { userId: 42, sessionId: 77 } })
    expect(env.notify).toHaveBeenCalledWith('That session is signed out.', 'success')
    await registry.get('users.removeNotifications')!.run!(
      on({ kind: 'accountNotification', id: '31', title: 'Payout sent', state: { accountId: 42 } }),
      env,
    )
    expect(env.call).toHaveBeenLastCalledWith('users.removeNotifications', { body: { userId: 42, ids: [31] } })
  })
})

describe('invitations on the invites lists', () => {
  const onInvites = (kind: 'invite' | 'adminInvite', statuses: RecordStates['invite']['status'][]): CommandContext => ({
    ...base,
    list: {
      listId: kind === 'invite' ? 'user-invites' : 'admin-invites',
      title: 'Invites',
      selectedCount: statuses.length,
      bulkActions: [],
      selection: selectionOf(
        kind,
        statuses.map((status, index) => ({
          id: index + 1,
          title: `x${index}@example.test`,
          state: { status, email: `x${index}@example.test` },
        })),
      ),
    },
  })

  it('cancels pending ones and deletes the others, after a yes', async () => {
    expect(titles(onInvites('invite', ['accepted']))).toEqual(
      expect.arrayContaining([
        'Cancel the selected invitation [Only pending invitations can be cancelled]',
        'Delete the selected invitation',
      ]),
    )
    expect(titles(onInvites('invite', ['pending']))).toEqual(
      expect.arrayContaining([
        'Cancel the selected invitation',
        'Delete the selected invitation [Pending invitations must be cancelled first]',
      ]),
    )
    const context = onInvites('invite', ['pending', 'pending'])
    const env = fakeCommandEnv()
    const [yes, no] = await registry.get('users.cancelInvite.selection')!.children!(context, env)
    expect(yes.title).toBe('Yes: Cancel 2 selected invitations? Their links stop working.')
    expect(no.title).toBe('No, cancel')
    await yes.run!(context, env)
    expect(env.call.mock.calls).toEqual([
      ['users.cancelInvite', { params: { id: 1 } }],
      ['users.cancelInvite', { params: { id: 2 } }],
    ])
    expect(env.notify).toHaveBeenCalledWith('Cancelled 2 of 2.', 'success')
  })

  it('acts on admin invitations through the admins endpoints only', async () => {
    const context = onInvites('adminInvite', ['expired'])
    // Only the admin invitations' two actions: the users' ones are for kind invite.
    expect(titles(context)).toEqual([
      'Cancel the selected invitation [Only pending invitations can be cancelled]',
      'Delete the selected invitation',
    ])
    const env = fakeCommandEnv()
    const [yes] = await registry.get('admins.deleteInvite.selection')!.children!(context, env)
    await yes.run!(context, env)
    expect(env.call).toHaveBeenCalledWith('admins.deleteInvite', { params: { id: 1 } })
    expect(env.notify).toHaveBeenCalledWith('Invitation deleted.', 'success')
    expect(registry.get('users.deleteInvite.selection')!.when!(context)).toBe(false)
  })
})
