import { describe, expect, it } from 'vitest'
import {
  adminChoices,
  adminTransition,
  becomesActive,
  checkShare,
  evenShares,
  percentToShare,
  remainingShare,
  shareAsPercent,
  shareSum,
} from '../../src/core/split-status'
import { SHARE_ONE } from '../../src/core/decimal'
import { SPLIT_ACTIONS, SPLIT_COMMANDS } from '../../commands/splits'
import type { CommandContext } from '../../commands/types'
import { fakeCommandEnv } from '../helpers/command-env'

const user = (status: string) => ({ status, isUser: true })

describe('split status rules', () => {
  it('activates a pending split only when every counting payee has an account and confirmed', () => {
    expect(becomesActive('pending', [user('confirmed'), user('confirmed')])).toBe(true)
    expect(becomesActive('pending', [user('confirmed'), user('invited')])).toBe(false)
    expect(becomesActive('pending', [user('confirmed'), { status: 'confirmed', isUser: false }])).toBe(false)
    // A removed payee no longer holds it back; a removal still waiting counts as confirmed.
    expect(becomesActive('pending', [user('confirmed'), { status: 'removed', isUser: false }, user('removal_requested')])).toBe(true)
    expect(becomesActive('active', [user('confirmed')])).toBe(false)
  })

  it('lets an admin move splits only along the documented transitions', () => {
    const ready = [user('confirmed'), user('invited')]
    expect(adminTransition('pending', 'active', ready)).toBeNull()
    expect(adminTransition('pending', 'active', [user('confirmed'), { status: 'invited', isUser: false }])).toMatch(
      /Every payee needs an account .*1 has none/,
    )
    expect(adminTransition('pending', 'declined', ready)).toBeNull()
    expect(adminTransition('pending', 'ended', ready)).toMatch(/Only an active split can be ended/)
    expect(adminTransition('active', 'ended', ready)).toBeNull()
    expect(adminTransition('active', 'declined', ready)).toMatch(/Only a pending split can be declined/)
    expect(adminTransition('ended', 'active', ready)).toMatch(/cannot change status/)
    expect(adminTransition('declined', 'active', ready)).toMatch(/cannot change status/)
    expect(adminTransition('active', 'pending', ready)).toMatch(/cannot go back/)
    expect(adminChoices('active', ready)).toEqual([
      { status: 'declined', refused: expect.any(String) },
      { status: 'ended', refused: null },
    ])
  })
})

describe('shares', () => {
  it('are exact decimals of up to 10 places, more than 0 and at most 1', () => {
    expect(checkShare('0.3333333333')).toEqual({ ok: true, units: 3333333333n })
    expect(checkShare('1')).toEqual({ ok: true, units: SHARE_ONE })
    expect(checkShare('0')).toMatchObject({ ok: false, message: 'Share must be more than 0' })
    expect(checkShare('1.0000000001')).toMatchObject({ ok: false })
    expect(checkShare('0.33333333333')).toMatchObject({ ok: false, message: 'Share has more than 10 decimal places' })
    expect(checkShare('-0.5')).toMatchObject({ ok: false })
    expect(checkShare('1e-3')).toMatchObject({ ok: false })
  })

  it('split evenly into shares that add up to exactly 1, thirds included', () => {
    expect(evenShares(3)).toEqual(['0.3333333334', '0.3333333333', '0.3333333333'])
    expect(shareSum(evenShares(3))).toBe(SHARE_ONE)
    expect(shareSum(evenShares(7))).toBe(SHARE_ONE)
    expect(remainingShare(['0.3333333333', '0.3333333333', '0.3333333333'])).toBe('0.0000000001')
    expect(remainingShare(['0.6', '0.6'])).toBe('-0.2000000000')
  })

  it('converts percents exactly', () => {
    expect(percentToShare('33.33333334')).toBe('0.3333333334')
    expect(percentToShare('50')).toBe('0.5000000000')
    expect(percentToShare('abc')).toBeNull()
    expect(shareAsPercent('0.3333333334')).toBe('33.33333334%')
    expect(shareAsPercent('0.5000000000')).toBe('50%')
  })
})

describe('split palette commands', () => {
  const context = (state: Record<string, unknown>): CommandContext => ({
    account: { id: 1, type: 'admin', isOperator: false },
    route: { path: '/royalty-shares/single/9', pattern: '/royalty-shares/single/{id}', params: { id: '9' } },
    record: { kind: 'split', id: '9', title: 'Split of Night Drive', state },
    list: null,
    paneCount: 1,
  })
  const command = (id: string) => [...SPLIT_ACTIONS.flatMap((action) => action.commands), ...SPLIT_COMMANDS].find((c) => c.id === id)!

  it('offers lock on an unlocked split and unlock on a locked one, and calls the server', async () => {
    const unlocked = context({ title: 'Night Drive', status: 'active', isLocked: false })
    expect(command('splits.lock').when!(unlocked)).toBe(true)
    expect(command('splits.unlock').when!(unlocked)).toBe(false)
    const env = fakeCommandEnv()
    await command('splits.lock').run!(unlocked, env)
    expect(env.call).toHaveBeenCalledWith('splits.lock', { body: { id: 9 } })
    expect(env.notify).toHaveBeenCalledWith(expect.stringMatching(/locked/), 'success')
    expect(command('splits.unlock').when!(context({ isLocked: true }))).toBe(true)
  })

  it('offers the statuses the rules allow, says why when none is, and calls the server with the picked one', async () => {
    const ctx = context({
      status: 'active',
      choices: [
        { status: 'declined', refused: 'Only a pending split can be declined' },
        { status: 'ended', refused: null },
      ],
    })
    const env = fakeCommandEnv()
    const children = await command('splits.changeStatus').children!(ctx, env)
    expect(children.map((child) => child.title)).toEqual(['Make it ended'])
    await children[0].run!(ctx, env)
    expect(env.call).toHaveBeenCalledWith('splits.changeStatus', { body: { id: 9, status: 'ended' } })
    expect(env.notify).toHaveBeenCalledWith('Split is now ended.', 'success')
    const none = context({ status: 'ended', choices: [{ status: 'active', refused: 'An ended split stays ended' }] })
    expect(command('splits.changeStatus').when!(none)).toBe('No status change is allowed from here')
  })

  it('on a split of a bulk upload, changes every split of the upload and says what the server refused', async () => {
    expect(command('splits.bulkStatus.ofSplit').when!(context({ batchId: null }))).toBe(false)
    const ctx = context({ batchId: 4 })
    const env = fakeCommandEnv({ 'splits.bulkStatus': { changed: 2, refused: [{ id: 7, reason: 'An ended split stays ended' }] } })
    const children = await command('splits.bulkStatus.ofSplit').children!(ctx, env)
    expect(children.map((child) => child.title)).toEqual([
      'Make every split of the upload active',
      'Make every split of the upload declined',
      'Make every split of the upload ended',
    ])
    await children[2].run!(ctx, env)
    expect(env.call).toHaveBeenCalledWith('splits.bulkStatus', { params: { id: 4, status: 'ended' } })
    expect(env.notify).toHaveBeenCalledWith('2 splits changed; 1 refused (#7: An ended split stays ended)', 'success')
  })

  it('confirms an invited payee on their behalf', async () => {
    const ctx = context({
      status: 'pending',
      payees: [
        { id: 1, email: 'owner@x.test', share: '0.5', status: 'confirmed', isOwner: true },
        { id: 2, email: 'guest@x.test', share: '0.5', status: 'invited', isOwner: false },
      ],
    })
    const env = fakeCommandEnv({ 'splits.confirm': { message: 'Share confirmed.' } })
    const children = await command('splits.confirm').children!(ctx, env)
    expect(children.map((child) => child.title)).toEqual(['Confirm 50% for guest@x.test'])
    await children[0].run!(ctx, env)
    expect(env.call).toHaveBeenCalledWith('splits.confirm', { body: { splitId: 9, payeeId: 2 } })
    expect(env.notify).toHaveBeenCalledWith('Share confirmed.', 'success')
    // A closed split offers no payee decisions.
    expect(
      command('splits.confirm').when!(
        context({ status: 'ended', payees: [{ id: 2, email: 'g@x.test', share: '0.5', status: 'invited', isOwner: false }] }),
      ),
    ).toBe(false)
  })

  it('asks which payee to remove: only payees other than the owner, invited or confirmed', async () => {
    const ctx = context({
      status: 'active',
      payees: [
        { id: 1, email: 'owner@x.test', share: '0.5', status: 'confirmed', isOwner: true },
        { id: 2, email: 'guest@x.test', share: '0.3', status: 'confirmed', isOwner: false },
        { id: 3, email: 'gone@x.test', share: '0.2', status: 'removal_requested', isOwner: false },
      ],
    })
    const env = fakeCommandEnv({ 'splits.confirmRemoval': { message: 'Payee removed.' } })
    expect((await command('splits.remove').children!(ctx, env)).map((child) => child.title)).toEqual([
      'Request removal of guest@x.test (30%)',
    ])
    const removal = await command('splits.confirmRemoval').children!(ctx, env)
    expect(removal.map((child) => child.title)).toEqual(['Remove gone@x.test: 20% goes back to the owner'])
    await removal[0].run!(ctx, env)
    expect(env.call).toHaveBeenCalledWith('splits.confirmRemoval', { body: { splitId: 9, payeeId: 3 } })
  })
})
