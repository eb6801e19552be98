import type { Command, CommandContext, CommandEnv } from './types'
import { promptCommand } from './prompt'

type AccountState = {
  type?: 'artist' | 'label' | 'admin'
  banned?: boolean
  verified?: boolean
  priorityMember?: boolean
  blockWithdraw?: boolean
  dmcaMode?: boolean
  restrictNewRelease?: boolean
  restrictRelease?: boolean
  isOperator?: boolean
  displayName?: string
}

const ARTICLE = { artist: 'an', label: 'a', admin: 'an' } as const

const account = (context: CommandContext): AccountState | null =>
  context.record?.kind === 'account' ? ((context.record.state ?? {}) as AccountState) : null
const accountId = (context: CommandContext) => Number(context.record?.id)
const nameOf = (context: CommandContext) => account(context)?.displayName ?? context.record?.title ?? 'this account'

/** Shown only on an account tab, and only when `applies` says the action makes sense for its state. */
function onAccount(applies: (state: AccountState) => boolean | string = () => true) {
  return (context: CommandContext) => {
    const state = account(context)
    return state ? applies(state) : false
  }
}

async function done(env: CommandEnv, text: string) {
  env.refresh()
  env.notify(text, 'success')
}

/** A staff flag that flips: one command to turn it on, one to turn it off, whichever applies. */
function toggle(options: {
  id: string
  on: string
  off: string
  keywords: string[]
  isOn(state: AccountState): boolean | undefined
  call(env: CommandEnv, userId: number, on: boolean): Promise<unknown>
}): Command[] {
  return [true, false].map((on) => ({
    id: `${options.id}.${on ? 'on' : 'off'}`,
    title: (context: CommandContext) => `${on ? options.on : options.off}: ${nameOf(context)}`,
    group: 'Account',
    keywords: options.keywords,
    access: 'admin' as const,
    when: onAccount((state) => Boolean(options.isOn(state)) !== on),
    run: async (context: CommandContext, env: CommandEnv) => {
      await options.call(env, accountId(context), on)
      await done(env, `${on ? options.on : options.off}: done`)
    },
  }))
}

/** Actions on the account shown in the focused tab, and account-wide ones. */
export const USER_COMMANDS: readonly Command[] = [
  promptCommand({
    id: 'users.ban',
    title: (context) => `Ban ${nameOf(context)}…`,
    group: 'Account',
    keywords: ['ban', 'block', 'suspend'],
    access: 'admin',
    placeholder: 'Why? The reason is recorded with the ban.',
    when: onAccount((state) => (state.banned ? false : state.isOperator ? 'The workspace operator cannot be banned' : true)),
    confirmTitle: (text, context) => `Ban ${nameOf(context)}: “${text}”`,
    validate: (text) => (text.length > 500 ? 'The reason is too long' : null),
    submit: async (text, context, env) => {
      await env.call('users.banSubmit', { body: { userId: accountId(context), reason: text } })
      await done(env, `${nameOf(context)} is banned; their sessions have ended.`)
    },
  }),
  {
    id: 'users.unban',
    title: (context) => `Unban ${nameOf(context)}`,
    group: 'Account',
    keywords: ['unban', 'lift ban', 'restore'],
    access: 'admin',
    when: onAccount((state) => Boolean(state.banned)),
    run: async (context, env) => {
      await env.call('users.banCancel', { body: { userId: accountId(context) } })
      await done(env, `${nameOf(context)} is no longer banned.`)
    },
  },
  ...toggle({
    id: 'users.verify',
    on: 'Verify',
    off: 'Remove verification',
    keywords: ['verify', 'verified'],
    isOn: (s) => s.verified,
    call: (env, userId, on) => env.call('users.editVerify', { body: { userId, verified: on } }),
  }),
  ...toggle({
    id: 'users.priority',
    on: 'Mark priority member',
    off: 'Remove priority member',
    keywords: ['priority', 'vip'],
    isOn: (s) => s.priorityMember,
    call: (env, userId, on) => env.call('users.editVerify', { body: { userId, priorityMember: on } }),
  }),
  ...toggle({
    id: 'users.withdrawals',
    on: 'Block withdrawals',
    off: 'Unblock withdrawals',
    keywords: ['withdraw', 'payout', 'block'],
    isOn: (s) => s.blockWithdraw,
    call: (env, userId, on) => env.call(on ? 'users.blockWithdraw' : 'users.unblockWithdraw', { body: { userId } }),
  }),
  ...toggle({
    id: 'users.dmca',
    on: 'Turn DMCA mode on',
    off: 'Turn DMCA mode off',
    keywords: ['dmca', 'copyright'],
    isOn: (s) => s.dmcaMode,
    call: (env, userId, on) => env.call(on ? 'users.dmcaSubmit' : 'users.dmcaCancel', { body: { userId } }),
  }),
  ...toggle({
    id: 'users.restrictNewRelease',
    on: 'Restrict new releases',
    off: 'Allow new releases',
    keywords: ['restrict', 'release'],
    isOn: (s) => s.restrictNewRelease,
    call: (env, userId, on) => env.call('users.restrictNewRelease', { body: { userId, restrict: on } }),
  }),
  ...toggle({
    id: 'users.banRelease',
    on: 'Ban from releasing',
    off: 'Allow releasing again',
    keywords: ['ban', 'release', 'distribution'],
    isOn: (s) => s.restrictRelease,
    call: (env, userId, on) => env.call('users.banRelease', { body: { userId, banned: on } }),
  }),
  {
    id: 'users.changeType',
    title: (context) => `Change account type of ${nameOf(context)}…`,
    group: 'Account',
    keywords: ['type', 'artist', 'label', 'admin', 'promote', 'demote'],
    access: 'admin',
    when: onAccount((state) => (state.isOperator ? 'The workspace operator stays an admin' : true)),
    children: (context) =>
      (['artist', 'label', 'admin'] as const)
        .filter((type) => type !== account(context)?.type)
        .map((type) => ({
          id: `users.changeType.${type}`,
          title: `Make ${ARTICLE[type]} ${type}`,
          group: 'Account type',
          run: async (runContext, env) => {
            await env.call('users.editType', { body: { userId: accountId(runContext), type } })
            await done(env, `${nameOf(runContext)} is now ${ARTICLE[type]} ${type}.`)
          },
        })),
  },
  promptCommand({
    id: 'users.tenantSplit',
    title: (context) => `Set tenant split of ${nameOf(context)}…`,
    group: 'Account',
    keywords: ['split', 'share', 'commission', 'percent'],
    access: 'admin',
    placeholder: "The operator's share in percent, e.g. 15",
    when: onAccount(),
    validate: (text) => (/^\d{1,3}(\.\d{1,4})?$/.test(text) && Number(text) <= 100 ? null : 'Type a percentage between 0 and 100'),
    confirmTitle: (text) => `Set tenant split to ${text}%`,
    submit: async (text, context, env) => {
      await env.call('users.editTenantSplit', { body: { userId: accountId(context), tenantSplit: text } })
      await done(env, `Tenant split set to ${text}%.`)
    },
  }),
  {
    id: 'users.message',
    title: (context) => `Send ${nameOf(context)} a message…`,
    group: 'Account',
    keywords: ['message', 'email', 'contact', 'notify'],
    access: 'admin',
    when: onAccount(),
    run: (context, env) => env.shell.openSendMessage({ id: accountId(context), name: nameOf(context) }),
  },
  {
    id: 'users.continueAs',
    title: (context) => `Continue as ${nameOf(context)}`,
    group: 'Account',
    keywords: ['impersonate', 'collaborator', 'log in as', 'view as'],
    access: 'admin',
    when: onAccount((state) => (state.type === 'admin' ? false : state.banned ? 'This account is banned' : true)),
    run: async (context, env) => {
      const me = await env.call('auth.continueAsCollaborator', { body: { accountId: accountId(context) } })
      env.replaceSession(me)
    },
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
      await done(env, `Invitation sent to ${text}.`)
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
      await done(env, `Invitation sent to ${text}.`)
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
