import type { Command } from './types'
import { promptCommand } from './prompt'
import { defineAction, type RecordAction, type Target, type TargetItem } from './actions'
import { stateOf } from './records'

const ARTICLE = { artist: 'an', label: 'a', admin: 'an' } as const
const ACCOUNT_TYPES = ['artist', 'label', 'admin'] as const

const nameOf = (item: TargetItem<'account'> | undefined) => item?.state?.displayName ?? item?.title ?? 'this account'
/** "Nina Vale" for one account, "3 selected accounts" for a selection. */
const whom = (target: Target<'account'>) =>
  target.items.length === 1 ? nameOf(target.items[0]) : `${target.items.length} selected accounts`

const account = ['account'] as const
const flagTitle = (label: string) => (target: Target<'account'>) => `${label}: ${whom(target)}`
const flagDone = (label: string) => () => `${label}: done.`

/** Staff actions on accounts: on the account tab (header, menu, palette) and on the users list's selection. */
export const USER_ACTIONS: readonly RecordAction[] = [
  defineAction({
    id: 'users.banSubmit',
    kinds: account,
    scope: 'both',
    label: 'Ban…',
    past: 'Banned',
    tone: 'red',
    title: (target) => `Ban ${whom(target)}…`,
    group: 'Account',
    keywords: ['ban', 'block', 'suspend'],
    available: (state) => (state.banned ? false : state.isOperator ? 'The workspace operator cannot be banned' : true),
    ask: {
      kind: 'text',
      placeholder: 'Why? The reason is recorded with the ban.',
      validate: (text) => (text.length > 500 ? 'The reason is too long' : null),
      confirmTitle: (text, target) => `Ban ${whom(target)}: “${text}”`,
    },
    input: (item, reason: string) => ({ body: { userId: item.id, reason } }),
    success: (_result, target) => `${whom(target)} is banned; their sessions have ended.`,
  }),
  defineAction({
    id: 'users.banCancel',
    kinds: account,
    scope: 'one',
    label: 'Unban',
    tone: 'green',
    title: (target) => `Unban ${whom(target)}`,
    group: 'Account',
    keywords: ['unban', 'lift ban', 'restore'],
    available: (state) => state.banned,
    input: (item) => ({ body: { userId: item.id } }),
    success: (_result, target) => `${whom(target)} is no longer banned.`,
  }),
  defineAction({
    id: 'users.editVerify',
    variant: 'verify',
    kinds: account,
    scope: 'both',
    label: 'Verify',
    past: 'Verified',
    title: flagTitle('Verify'),
    group: 'Account',
    keywords: ['verify', 'verified'],
    available: (state) => !state.verified,
    input: (item) => ({ body: { userId: item.id, verified: true } }),
    success: flagDone('Verify'),
  }),
  defineAction({
    id: 'users.editVerify',
    variant: 'unverify',
    kinds: account,
    scope: 'one',
    label: 'Remove verification',
    title: flagTitle('Remove verification'),
    group: 'Account',
    keywords: ['verify', 'verified'],
    available: (state) => state.verified,
    input: (item) => ({ body: { userId: item.id, verified: false } }),
    success: flagDone('Remove verification'),
  }),
  defineAction({
    id: 'users.editVerify',
    variant: 'priority',
    kinds: account,
    scope: 'both',
    label: 'Mark priority member',
    past: 'Marked priority',
    title: flagTitle('Mark priority member'),
    group: 'Account',
    keywords: ['priority', 'vip'],
    available: (state) => !state.priorityMember,
    input: (item) => ({ body: { userId: item.id, priorityMember: true } }),
    success: flagDone('Mark priority member'),
  }),
  defineAction({
    id: 'users.editVerify',
    variant: 'unpriority',
    kinds: account,
    scope: 'one',
    label: 'Remove priority member',
    title: flagTitle('Remove priority member'),
    group: 'Account',
    keywords: ['priority', 'vip'],
    available: (state) => state.priorityMember,
    input: (item) => ({ body: { userId: item.id, priorityMember: false } }),
    success: flagDone('Remove priority member'),
  }),
  defineAction({
    id: 'users.blockWithdraw',
    kinds: account,
    scope: 'one',
    label: 'Block withdrawals',
    title: flagTitle('Block withdrawals'),
    group: 'Account',
    keywords: ['withdraw', 'payout', 'block'],
    available: (state) => !state.blockWithdraw,
    input: (item) => ({ body: { userId: item.id } }),
    success: flagDone('Block withdrawals'),
  }),
  defineAction({
    id: 'users.unblockWithdraw',
    kinds: account,
    scope: 'one',
    label: 'Unblock withdrawals',
    title: flagTitle('Unblock withdrawals'),
    group: 'Account',
    keywords: ['withdraw', 'payout', 'block'],
    available: (state) => state.blockWithdraw,
    input: (item) => ({ body: { userId: item.id } }),
    success: flagDone('Unblock withdrawals'),
  }),
  defineAction({
    id: 'users.dmcaSubmit',
    kinds: account,
    scope: 'one',
    label: 'Turn DMCA mode on',
    title: flagTitle('Turn DMCA mode on'),
    group: 'Account',
    keywords: ['dmca', 'copyright'],
    available: (state) => !state.dmcaMode,
    input: (item) => ({ body: { userId: item.id } }),
    success: flagDone('Turn DMCA mode on'),
  }),
  defineAction({
    id: 'users.dmcaCancel',
    kinds: account,
    scope: 'one',
    label: 'Turn DMCA mode off',
    title: flagTitle('Turn DMCA mode off'),
    group: 'Account',
    keywords: ['dmca', 'copyright'],
    available: (state) => state.dmcaMode,
    input: (item) => ({ body: { userId: item.id } }),
    success: flagDone('Turn DMCA mode off'),
  }),
  ...([true, false] as const).map((restrict) =>
    defineAction({
      id: 'users.restrictNewRelease',
      variant: restrict ? 'on' : 'off',
      kinds: account,
      scope: 'one',
      label: restrict ? 'Restrict new releases' : 'Allow new releases',
      title: flagTitle(restrict ? 'Restrict new releases' : 'Allow new releases'),
      group: 'Account',
      keywords: ['restrict', 'release'],
      available: (state) => state.restrictNewRelease !== restrict,
      input: (item) => ({ body: { userId: item.id, restrict } }),
      success: flagDone(restrict ? 'Restrict new releases' : 'Allow new releases'),
    }),
  ),
  ...([true, false] as const).map((banned) =>
    defineAction({
      id: 'users.banRelease',
      variant: banned ? 'on' : 'off',
      kinds: account,
      scope: 'one',
      label: banned ? 'Ban from releasing' : 'Allow releasing again',
      title: flagTitle(banned ? 'Ban from releasing' : 'Allow releasing again'),
      group: 'Account',
      keywords: ['ban', 'release', 'distribution'],
      available: (state) => Boolean(state.restrictRelease) !== banned,
      input: (item) => ({ body: { userId: item.id, banned } }),
      success: flagDone(banned ? 'Ban from releasing' : 'Allow releasing again'),
    }),
  ),
  defineAction({
    id: 'users.editType',
    kinds: account,
    scope: 'one',
    label: 'Change account type…',
    title: (target) => `Change account type of ${whom(target)}…`,
    group: 'Account',
    keywords: ['type', 'artist', 'label', 'admin', 'promote', 'demote'],
    available: (state) => (state.isOperator ? 'The workspace operator stays an admin' : true),
    ask: {
      kind: 'choose',
      placeholder: 'Choose the new type',
      choices: (target) =>
        ACCOUNT_TYPES.filter((type) => type !== target.items[0]?.state?.type).map((type) => ({
          value: type,
          title: `Make ${ARTICLE[type]} ${type}`,
        })),
    },
    input: (item, type: (typeof ACCOUNT_TYPES)[number]) => ({ body: { userId: item.id, type } }),
    success: (_result, target, type) => `${whom(target)} is now ${ARTICLE[type]} ${type}.`,
  }),
  defineAction({
    id: 'users.editTenantSplit',
    kinds: account,
    scope: 'one',
    label: 'Set tenant split…',
    title: (target) => `Set tenant split of ${whom(target)}…`,
    group: 'Account',
    keywords: ['split', 'share', 'commission', 'percent'],
    ask: {
      kind: 'text',
      placeholder: "The operator's share in percent, e.g. 15",
      validate: (text) => (/^\d{1,3}(\.\d{1,4})?$/.test(text) && Number(text) <= 100 ? null : 'Type a percentage between 0 and 100'),
      confirmTitle: (text) => `Set tenant split to ${text}%`,
    },
    input: (item, tenantSplit: string) => ({ body: { userId: item.id, tenantSplit } }),
    success: (_result, _target, text) => `Tenant split set to ${text}%.`,
  }),
  defineAction({
    id: 'auth.continueAsCollaborator',
    kinds: account,
    scope: 'one',
    label: 'Continue as…',
    title: (target) => `Continue as ${whom(target)}`,
    group: 'Account',
    keywords: ['impersonate', 'collaborator', 'log in as', 'view as'],
    available: (state) => (state.type === 'admin' ? false : state.banned ? 'This account is banned' : true),
    input: (item) => ({ body: { accountId: item.id } }),
    success: () => null,
    after: (me, _target, env) => env.replaceSession(me),
  }),
]

const account0 = (context: Parameters<NonNullable<Command['when']>>[0]) => stateOf(context.record, 'account')

/** Account-wide commands, and the one account command that calls nothing (it opens the message dialog). */
export const USER_COMMANDS: readonly Command[] = [
  {
    id: 'users.message',
    title: (context) => `Send ${account0(context)?.displayName ?? 'this account'} a message…`,
    group: 'Account',
    keywords: ['message', 'email', 'contact', 'notify'],
    access: 'admin',
    when: (context) => account0(context) !== null,
    run: (context, env) =>
      env.shell.openSendMessage({
        id: Number(context.record?.id),
        name: account0(context)?.displayName ?? context.record?.title ?? 'this account',
      }),
  },
  promptCommand({
    id: 'users.invite',
    title: 'Invite an artist…',
    group: 'Actions',
    keywords: ['invite', 'new user', 'artist', 'add'],
    access: 'admin',
    placeholder: 'Their email address',
    validate: (text) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text) ? null : 'Type an email address'),
    confirmTitle: (text) => `Invite ${text} as an artist`,
    submit: async (text, _context, env) => {
      await env.call('users.invite', { body: { email: text, type: 'artist' } })
      env.refresh()
      env.notify(`Invitation sent to ${text}.`, 'success')
    },
  }),
  promptCommand({
    id: 'admins.invite',
    title: 'Invite an admin…',
    group: 'Actions',
    keywords: ['invite', 'staff', 'admin', 'team'],
    access: 'admin',
    placeholder: 'Their email address',
    validate: (text) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text) ? null : 'Type an email address'),
    confirmTitle: (text) => `Invite ${text} as an admin`,
    submit: async (text, _context, env) => {
      await env.call('admins.invite', { body: { email: text } })
      env.refresh()
      env.notify(`Invitation sent to ${text}.`, 'success')
    },
  }),
  {
    id: 'users.import',
    title: 'Import users from a CSV',
    group: 'Actions',
    keywords: ['import', 'csv', 'bulk', 'upload'],
    access: 'admin',
    run: (_context, env) => env.open('/users/manage/1?import=1'),
  },
]
