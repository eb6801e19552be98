import { fakeCommandEnv } from '../helpers/command-env'
import { describe, expect, it } from 'vitest'
import { CommandRegistry, rank } from '../../commands/registry'
import { navigationCommands, needsRecord } from '../../commands/navigation'
import { WORKSPACE_COMMANDS } from '../../commands/workspace'
import { looksLikeIdentifier, recordKindOf } from '../../commands/entities'
import { scoreMatch } from '../../commands/score'
import type { CommandContext } from '../../commands/types'

const admin: CommandContext = { account: { id: 1, type: 'admin', isOperator: false }, route: null, record: null, list: null, paneCount: 1 }
const artist: CommandContext = { ...admin, account: { id: 2, type: 'artist', isOperator: false } }
const routes = [
  { path: '/login', title: 'Login', access: 'guest-only' as const },
  { path: '/dashboard', title: 'Dashboard', access: 'auth' as const },
  { path: '/users/manage/{page}', title: 'Users', access: 'auth' as const },
  { path: '/users/{id}', title: 'User', access: 'admin' as const },
  { path: '/notifications', title: 'Notifications', access: 'admin' as const },
]

const fakeEnv = () => fakeCommandEnv()

describe('navigation commands', () => {
  it('are generated for every signed-in route without a record id, with g shortcuts', () => {
    const commands = navigationCommands(routes)
    expect(commands.map((c) => [c.id, c.title, c.shortcut])).toEqual([
      ['nav:/dashboard', 'Go to Dashboard', 'go.dashboard'],
      ['nav:/users/manage/{page}', 'Go to Users', 'go.users'],
      ['nav:/notifications', 'Go to Notifications', 'go.notifications'],
    ])
    const env = fakeEnv()
    commands[1].run!(admin, env)
    expect(env.open).toHaveBeenCalledWith('/users/manage/1')
    expect(needsRecord('/users/{id}')).toBe(true)
    expect(needsRecord('/users/manage/{page}')).toBe(false)
  })

  it('respect access: artists do not see admin routes', () => {
    const registry = new CommandRegistry()
    registry.register(navigationCommands(routes))
    expect(registry.available(artist).map((a) => a.title)).toEqual(['Go to Dashboard', 'Go to Users'])
    expect(registry.available(admin)).toHaveLength(3)
  })
})

describe('registry', () => {
  it('refuses two commands with one id', () => {
    const registry = new CommandRegistry()
    registry.register([{ id: 'a', title: 'A', group: 'x' }])
    expect(() => registry.register([{ id: 'a', title: 'A again', group: 'x' }])).toThrow('registered twice')
  })

  it('hides commands that do not apply and disables others with the reason', () => {
    const registry = new CommandRegistry()
    registry.register(WORKSPACE_COMMANDS)
    const titles = registry.available(admin)
    expect(titles.find((a) => a.command.id === 'list.bulk')).toBeUndefined()
    expect(titles.find((a) => a.command.id === 'workspace.moveTab')?.disabledReason).toBe('Split first: there is only one pane')
    const withList: CommandContext = {
      ...admin,
      list: { listId: 'users', title: 'Users', selectedCount: 0, bulkActions: [{ id: 'ban', label: 'Ban' }] },
    }
    expect(registry.available(withList).find((a) => a.command.id === 'list.bulk')?.disabledReason).toBe(
      'Select rows first (x, or shift+x for all)',
    )
    const selected = { ...withList, list: { ...withList.list!, selectedCount: 3 } }
    const bulk = registry.available(selected).find((a) => a.command.id === 'list.bulk')!
    expect(bulk).toMatchObject({ title: 'Bulk actions on 3 selected…', disabledReason: null })
  })

  it('offers nested pages whose commands run actions', async () => {
    const registry = new CommandRegistry()
    registry.register(WORKSPACE_COMMANDS)
    const context: CommandContext = {
      ...admin,
      paneCount: 3,
      list: {
        listId: 'users',
        title: 'Users',
        selectedCount: 2,
        bulkActions: [
          { id: 'ban', label: 'Ban' },
          { id: 'verify', label: 'Verify' },
        ],
      },
    }
    const env = fakeEnv()
    const bulk = await registry.get('list.bulk')!.children!(context, env)
    expect(bulk.map((c) => c.title)).toEqual(['Ban (2 selected)', 'Verify (2 selected)'])
    await bulk[1].run!(context, env)
    expect(env.list.runBulkAction).toHaveBeenCalledWith('verify')
    const panes = await registry.get('workspace.moveTab')!.children!(context, env)
    expect(panes.map((c) => c.title)).toEqual(['Pane 1', 'Pane 2', 'Pane 3'])
  })

  it('ranks prefix over word start over substring over scattered letters', () => {
    const registry = new CommandRegistry()
    registry.register([
      { id: '1', title: 'Go to Users', group: 'n' },
      { id: '2', title: 'Go to User invites', group: 'n' },
      { id: '3', title: 'Toggle sidebar', group: 'v' },
      { id: '4', title: 'Sign out', group: 'a', keywords: ['log out'] },
    ])
    expect(registry.filter('users', admin).map((a) => a.title)).toEqual(['Go to Users', 'Go to User invites'])
    expect(registry.filter('log', admin).map((a) => a.title)).toEqual(['Sign out'])
    expect(registry.filter('tgsb', admin).map((a) => a.title)).toEqual(['Toggle sidebar'])
    expect(registry.filter('zzz', admin)).toEqual([])
    expect(scoreMatch('Go to Users', 'go to users')).toBe(1)
    expect(scoreMatch('Go to Users', 'go')).toBeGreaterThan(scoreMatch('Go to Users', 'users'))
    expect(scoreMatch('Go to Users', 'users')).toBeGreaterThan(scoreMatch('Go to Users', 'gtu'))
    expect(rank([], 'x')).toEqual([])
  })
})

describe('navigation ranking', () => {
  it('puts the screen named by the query first, even when another has the word among its keywords', () => {
    const registry = new CommandRegistry()
    registry.register(
      navigationCommands([
        { path: '/users/invites/{page}', title: 'User invites', access: 'auth' },
        { path: '/users/manage/{page}', title: 'Users', access: 'auth' },
        { path: '/admins/invites/{page}', title: 'Admin invites', access: 'auth' },
      ]),
    )
    expect(registry.filter('users', admin).map((a) => a.title)[0]).toBe('Go to Users')
    // "release" is a word of the edit requests' path, but Releases is the screen it names.
    const catalogue = new CommandRegistry()
    catalogue.register(
      navigationCommands([
        { path: '/release/edit-requests/{page}', title: 'Edit requests', access: 'admin' },
        { path: '/releases/manage/{page}', title: 'Releases', access: 'admin' },
      ]),
    )
    expect(catalogue.filter('release', admin).map((a) => a.title)).toEqual(['Go to Releases', 'Go to Edit requests'])
    expect(registry.filter('invites', admin).map((a) => a.title)).toEqual(['Go to User invites', 'Go to Admin invites'])
  })
})

describe('identifiers', () => {
  it('recognises what names one record', () => {
    for (const value of ['nina@music.test', 'user:42', 'user #42', '#42', 'u42']) expect(looksLikeIdentifier(value), value).toBe(true)
    for (const value of ['nina', 'go to users', '42 apples']) expect(looksLikeIdentifier(value), value).toBe(false)
    expect(recordKindOf('/users/{id}')).toBe('account')
    expect(recordKindOf('/dashboard')).toBeNull()
  })
})

describe('confirm-protected bulk actions', () => {
  it('ask on a nested page before running', async () => {
    const registry = new CommandRegistry()
    registry.register(WORKSPACE_COMMANDS)
    const context: CommandContext = {
      ...admin,
      list: { listId: 'users', title: 'Users', selectedCount: 2, bulkActions: [{ id: 'ban', label: 'Ban', confirm: 'Ban 2 accounts?' }] },
    }
    const env = fakeEnv()
    const [ban] = await registry.get('list.bulk')!.children!(context, env)
    expect(ban.run).toBeUndefined()
    const [yes, no] = await ban.children!(context, env)
    expect([yes.title, no.title]).toEqual(['Yes: Ban 2 accounts?', 'No, cancel'])
    await no.run!(context, env)
    expect(env.list.runBulkAction).not.toHaveBeenCalled()
    await yes.run!(context, env)
    expect(env.list.runBulkAction).toHaveBeenCalledWith('ban')
  })
})
