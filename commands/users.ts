import type { Command } from './types'
import { promptCommand } from './prompt'
import type { EndpointInput, Endpoints } from '@contract/index'
import type { UserSingle } from '@contract/users-admin'
import { defineAction, type MutationId, type RecordAction, type Target, type TargetItem } from './actions'
import { stateOf, type RecordStates } from './records'
import { formatMoney } from '@core/format'

const ARTICLE = { artist: 'an', label: 'a', admin: 'an' } as const
const ACCOUNT_TYPES = ['artist', 'label', 'admin'] as const

const nameOf = (item: TargetItem<'account'> | undefined) => item?.state?.displayName ?? item?.title ?? 'this account'
/** "Nina Vale" for one account, "3 selected accounts" for a selection. */
const whom = (target: Target<'account'>) =>
  target.items.length === 1 ? nameOf(target.items[0]) : `${target.items.length} selected accounts`

const account = ['account'] as const
const flagTitle = (label: string) => (target: Target<'account'>) => `${label}: ${whom(target)}`

/** One side of an on/off flag: the endpoint (and variant) it calls, and its words. */
interface FlagSide<E extends MutationId> {
  id: E
  variant?: string
  label: string
  /** Offered on the users list's selection too ("Verified 2 of 3."). */
  past?: string
  input(userId: number): EndpointInput<Endpoints[E]>
}

/** An account flag a switch turns on and off: each side is offered when it would change the flag. */
interface Flag<On extends MutationId, Off extends MutationId> {
  /** What the flag is called (the overview's switch): the success message says "Verified: on.". */
  name: string
  isOn(state: RecordStates['account']): boolean
  keywords: readonly string[]
  on: FlagSide<On>
  off: FlagSide<Off>
}

const flag = <On extends MutationId, Off extends MutationId>(definition: Flag<On, Off>) => definition

function flagSide<E extends MutationId>(side: FlagSide<E>, on: boolean, definition: Flag<MutationId, MutationId>): RecordAction {
  return defineAction({
    id: side.id,
    variant: side.variant,
    kinds: account,
    scope: side.past ? 'both' : 'one',
    label: side.label,
    past: side.past,
    title: flagTitle(side.label),
    group: 'Account',
    keywords: definition.keywords,
    available: (state) => definition.isOn(state) !== on,
    input: (item) => side.input(item.id),
    success: () => `${definition.name}: ${on ? 'on' : 'off'}.`,
  })
}

/** Both sides of each flag, in the order given: the switches of the account overview run them. */
function flagActions(flags: Record<string, Flag<MutationId, MutationId>>): RecordAction[] {
  return Object.values(flags).flatMap((definition) => [
    flagSide(definition.on, true, definition),
    flagSide(definition.off, false, definition),
  ])
}

const editVerify = (field: 'verified' | 'priorityMember' | 'verifiedInvestor' | 'verifiedCharity', value: boolean) => (userId: number) => ({
  body: { userId, [field]: value },
})

/**
 * The account flags staff switch directly, by the flag of `UserSingle['flags']` each changes (the
 * account overview's switches look their actions up here). Keys: `users.editVerify:verify`,
 * `users.blockWithdraw`, `users.restrictNewRelease:on`...
 */
export const ACCOUNT_FLAG_ACTIONS = {
  verified: flag({
    name: 'Verified',
    isOn: (state) => state.verified,
    keywords: ['verify', 'verified'],
    on: { id: 'users.editVerify', variant: 'verify', label: 'Verify', past: 'Verified', input: editVerify('verified', true) },
    off: { id: 'users.editVerify', variant: 'unverify', label: 'Remove verification', input: editVerify('verified', false) },
  }),
  priorityMember: flag({
    name: 'Priority member',
    isOn: (state) => state.priorityMember,
    keywords: ['priority', 'vip'],
    on: {
      id: 'users.editVerify',
      variant: 'priority',
      label: 'Mark priority member',
      past: 'Marked priority',
      input: editVerify('priorityMember', true),
    },
    off: { id: 'users.editVerify', variant: 'unpriority', label: 'Remove priority member', input: editVerify('priorityMember', false) },
  }),
  verifiedInvestor: flag({
    name: 'Verified investor',
    isOn: (state) => Boolean(state.verifiedInvestor),
    keywords: ['investor', 'verified'],
    on: { id: 'users.editVerify', variant: 'investor', label: 'Mark verified investor', input: editVerify('verifiedInvestor', true) },
    off: { id: 'users.editVerify', variant: 'uninvestor', label: 'Remove verified investor', input: editVerify('verifiedInvestor', false) },
  }),
  verifiedCharity: flag({
    name: 'Verified charity',
    isOn: (state) => Boolean(state.verifiedCharity),
    keywords: ['charity', 'verified'],
    on: { id: 'users.editVerify', variant: 'charity', label: 'Mark verified charity', input: editVerify('verifiedCharity', true) },
    off: { id: 'users.editVerify', variant: 'uncharity', label: 'Remove verified charity', input: editVerify('verifiedCharity', false) },
  }),
  blockWithdraw: flag({
    name: 'Withdrawals blocked',
    isOn: (state) => state.blockWithdraw,
    keywords: ['withdraw', 'payout', 'block'],
    on: { id: 'users.blockWithdraw', label: 'Block withdrawals', input: (userId) => ({ body: { userId } }) },
    off: { id: 'users.unblockWithdraw', label: 'Unblock withdrawals', input: (userId) => ({ body: { userId } }) },
  }),
  dmcaMode: flag({
    name: 'DMCA mode',
    isOn: (state) => state.dmcaMode,
    keywords: ['dmca', 'copyright'],
    on: { id: 'users.dmcaSubmit', label: 'Turn DMCA mode on', input: (userId) => ({ body: { userId } }) },
    off: { id: 'users.dmcaCancel', label: 'Turn DMCA mode off', input: (userId) => ({ body: { userId } }) },
  }),
  restrictNewRelease: flag({
    name: 'New releases restricted',
    isOn: (state) => state.restrictNewRelease,
    keywords: ['restrict', 'release'],
    on: {
      id: 'users.restrictNewRelease',
      variant: 'on',
      label: 'Restrict new releases',
      input: (userId) => ({ body: { userId, restrict: true } }),
    },
    off: {
      id: 'users.restrictNewRelease',
      variant: 'off',
      label: 'Allow new releases',
      input: (userId) => ({ body: { userId, restrict: false } }),
    },
  }),
  restrictRelease: flag({
    name: 'Banned from releasing',
    isOn: (state) => Boolean(state.restrictRelease),
    keywords: ['ban', 'release', 'distribution'],
    on: { id: 'users.banRelease', variant: 'on', label: 'Ban from releasing', input: (userId) => ({ body: { userId, banned: true } }) },
    off: {
      id: 'users.banRelease',
      variant: 'off',
      label: 'Allow releasing again',
      input: (userId) => ({ body: { userId, banned: false } }),
    },
  }),
} satisfies Partial<Record<keyof UserSingle['flags'], Flag<MutationId, MutationId>>>

/** The action keys of a flag's switch: `on` turns it on, `off` off. */
export function flagActionKeys(name: keyof typeof ACCOUNT_FLAG_ACTIONS): { on: string; off: string } {
  const key = (side: FlagSide<MutationId>) => (side.variant ? `${side.id}:${side.variant}` : side.id)
  return { on: key(ACCOUNT_FLAG_ACTIONS[name].on), off: key(ACCOUNT_FLAG_ACTIONS[name].off) }
}

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
  ...flagActions(ACCOUNT_FLAG_ACTIONS),
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
    id: 'users.editTenantSplit',
    variant: 'clear',
    kinds: account,
    scope: 'one',
    label: 'Clear tenant split',
    title: (target) => `Clear tenant split of ${whom(target)}`,
    group: 'Account',
    keywords: ['split', 'share', 'commission', 'percent', 'default'],
    available: (state) => state.tenantSplit != null,
    input: (item) => ({ body: { userId: item.id, tenantSplit: null } }),
    success: () => 'Tenant split cleared.',
  }),
  defineAction({
    id: 'users.editLabel',
    variant: 'set',
    kinds: account,
    scope: 'one',
    label: 'Sign to a label…',
    title: (target) => `Sign ${whom(target)} to a label…`,
    group: 'Account',
    keywords: ['label', 'sign', 'roster'],
    available: (state) => state.type === 'artist',
    ask: {
      kind: 'find',
      placeholder: 'Search label accounts by name…',
      find: async (query, target, env, signal) => {
        void signal
        // Label accounts only, found by the server (name or email); under three characters (the list's
        // search minimum) the newest labels are offered.
        const search = query.trim().length >= 3 ? query.trim() : undefined
        const found = await env.call('users.list', { query: { search, type: 'label', page: 1, per_page: 25 } })
        const current = target.items[0]?.state?.label?.id
        return found.data
          .filter((user) => user.id !== current)
          .map((user) => ({ value: user.id, title: `${user.displayName} (${user.email})` }))
      },
    },
    input: (item, labelId: number) => ({ body: { userId: item.id, labelId } }),
    success: (result) => `Signed to ${result.label?.name ?? 'the label'}.`,
  }),
  defineAction({
    id: 'users.editLabel',
    variant: 'remove',
    kinds: account,
    scope: 'one',
    label: 'Remove from label',
    title: (target) => `Remove ${whom(target)} from ${target.items[0]?.state?.label?.name ?? 'their label'}`,
    group: 'Account',
    keywords: ['label', 'sign', 'unsign'],
    available: (state) => state.type === 'artist' && Boolean(state.label),
    input: (item) => ({ body: { userId: item.id, labelId: null } }),
    success: () => 'Label removed.',
  }),
  defineAction({
    id: 'users.removeDocument',
    kinds: account,
    scope: 'one',
    label: 'Remove a document…',
    title: (target) => `Remove a document of ${whom(target)}…`,
    group: 'Account',
    keywords: ['document', 'file', 'delete', 'remove'],
    available: (state) => Boolean(state.documents?.length),
    ask: {
      kind: 'choose',
      placeholder: 'Which document?',
      choices: (target) => (target.items[0]?.state?.documents ?? []).map((document) => ({ value: document.id, title: document.title })),
    },
    input: (item, documentId: number) => ({ body: { userId: item.id, documentId } }),
    success: () => 'Document removed.',
  }),
  defineAction({
    id: 'users.publishingRemove',
    kinds: account,
    scope: 'one',
    label: 'Remove a publishing entry…',
    title: (target) => `Remove a manual publishing entry of ${whom(target)}…`,
    group: 'Account',
    keywords: ['publishing', 'manual', 'entry', 'delete', 'remove'],
    available: (state) => Boolean(state.publishing?.length),
    ask: {
      kind: 'choose',
      placeholder: 'Which entry?',
      choices: (target) =>
        (target.items[0]?.state?.publishing ?? []).map((entry) => ({
          value: entry.id,
          title: `${entry.period}: ${formatMoney(entry.amount)}${entry.note ? ` (${entry.note})` : ''}`,
        })),
    },
    input: (item, entryId: number) => ({ body: { userId: item.id, entryId } }),
    success: () => 'Publishing entry removed.',
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

/** One open session of an account (the account's Sign-ins & sessions section). */
export const ACCOUNT_SESSION_ACTIONS: readonly RecordAction[] = [
  defineAction({
    id: 'users.logoutSession',
    kinds: ['accountSession'],
    scope: 'one',
    label: 'Sign out',
    tone: 'red',
    title: (target) => `Sign out ${target.items[0]?.title ?? 'this session'}`,
    group: 'Account',
    keywords: ['session', 'sign out', 'log out'],
    input: (item) => ({ body: { userId: item.state?.accountId ?? 0, sessionId: item.id } }),
    success: () => 'That session is signed out.',
  }),
]

/** One notification an account received (the account's Notifications section). */
export const ACCOUNT_NOTIFICATION_ACTIONS: readonly RecordAction[] = [
  defineAction({
    id: 'users.removeNotifications',
    kinds: ['accountNotification'],
    scope: 'one',
    label: 'Delete',
    tone: 'red',
    title: (target) => `Delete the notification ${target.items[0]?.title ?? ''}`.trim(),
    group: 'Account',
    keywords: ['notification', 'delete', 'remove'],
    input: (item) => ({ body: { userId: item.state?.accountId ?? 0, ids: [item.id] } }),
    success: () => 'Notification deleted.',
  }),
]

const PENDING = 'pending'

/** The users' invites list (artists and labels) and the admins': the same two actions on their own endpoints. */
const INVITE_LISTS = [
  { kind: 'invite', cancel: 'users.cancelInvite', remove: 'users.deleteInvite', keywords: [] },
  { kind: 'adminInvite', cancel: 'admins.cancelInvite', remove: 'admins.deleteInvite', keywords: ['admin'] },
] as const

/** Cancel and delete invitations, on the invites lists' selection. */
export const INVITE_ACTIONS: readonly RecordAction[] = INVITE_LISTS.flatMap((list) => [
  defineAction({
    id: list.cancel,
    kinds: [list.kind],
    scope: 'many',
    label: 'Cancel',
    past: 'Cancelled',
    title: (target) => `Cancel ${invitations(target.items.length)}`,
    group: 'Invites',
    keywords: ['invite', 'invitation', 'cancel', 'revoke', ...list.keywords],
    available: (state) => (state.status === PENDING ? true : 'Only pending invitations can be cancelled'),
    ask: { kind: 'confirm', question: (target) => `Cancel ${invitations(target.items.length)}? Their links stop working.` },
    input: (item) => ({ params: { id: item.id } }),
    success: () => 'Invitation cancelled.',
  }),
  defineAction({
    id: list.remove,
    kinds: [list.kind],
    scope: 'many',
    label: 'Delete',
    past: 'Deleted',
    title: (target) => `Delete ${invitations(target.items.length)}`,
    group: 'Invites',
    keywords: ['invite', 'invitation', 'delete', 'remove', ...list.keywords],
    available: (state) => (state.status === PENDING ? 'Pending invitations must be cancelled first' : true),
    ask: { kind: 'confirm', question: (target) => `Delete ${invitations(target.items.length)}?` },
    input: (item) => ({ params: { id: item.id } }),
    success: () => 'Invitation deleted.',
  }),
])

function invitations(count: number): string {
  return count === 1 ? 'the selected invitation' : `${count} selected invitations`
}
