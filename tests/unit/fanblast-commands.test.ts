import { describe, expect, it } from 'vitest'
import { FANBLAST_ACTIONS } from '../../commands/fanblast'
import { REVIEW_QUEUES } from '../../commands/review'
import { selectionOf, targetOfRecord } from '../../commands/actions'
import type { CommandContext } from '../../commands/types'
import { fakeCommandEnv } from '../helpers/command-env'

const admin: CommandContext = { account: { id: 1, type: 'admin', isOperator: false }, route: null, record: null, list: null, paneCount: 1 }
const action = (key: string) => FANBLAST_ACTIONS.find((entry) => entry.key === key)!
const blast = (status: 'submitted' | 'approved' | 'rejected', nextOpenId: number | null = null) =>
  targetOfRecord({ kind: 'blast', id: '7', title: 'Nova: tour', state: { subject: 'Message from Nova: tour', status, nextOpenId } })!

describe('fan blast actions', () => {
  it('approves a submitted blast, then opens the next submitted one', async () => {
    const approve = action('fanblast.approve')
    expect(approve.availability(blast('submitted'), admin)).toBe(true)
    expect(approve.availability(blast('approved'), admin)).toBe(false)
    expect(approve.availability(blast('rejected'), admin)).toBe(false)
    const env = fakeCommandEnv({ 'fanblast.approve': { id: 7, status: 'approved', message: 'Blast approved: sending to 3 fans.' } })
    const command = approve.command(blast('submitted', 5))
    expect(String(command.title)).toBe('Approve blast “Nova: tour”')
    await command.run!(admin, env)
    expect(env.call).toHaveBeenCalledWith('fanblast.approve', { body: { id: 7 } })
    expect(env.notify).toHaveBeenCalledWith('Blast approved: sending to 3 fans.', 'success')
    expect(env.open).toHaveBeenCalledWith('/fanblast/single/5')
  })

  it('rejects only with a reason', async () => {
    const reject = action('fanblast.reject')
    const env = fakeCommandEnv({ 'fanblast.reject': { id: 7, status: 'rejected', message: 'Blast rejected.' } })
    const command = reject.command(blast('submitted'))
    expect(await command.search!('   ', admin, env, new AbortController().signal)).toEqual([])
    const long = await command.search!('x'.repeat(1001), admin, env, new AbortController().signal)
    expect(long.map((entry) => entry.title)).toEqual(['The reason is too long'])
    const [ok] = await command.search!(' Too many links ', admin, env, new AbortController().signal)
    await ok.run!(admin, env)
    expect(env.call).toHaveBeenCalledWith('fanblast.reject', { body: { id: 7, reason: 'Too many links' } })
  })

  it('acts on the list selection, one blast at a time', async () => {
    const selection = selectionOf('blast', [
      { id: 1, state: { subject: 'A', status: 'submitted' } },
      { id: 2, state: { subject: 'B', status: 'submitted' } },
    ])
    expect(action('fanblast.approve').availability(selection, admin)).toBe(true)
    expect(action('fanblast.approve').command(selection).title).toMatch(/2 selected blasts/)
  })

  it('has a review queue of submitted blasts', async () => {
    const queue = REVIEW_QUEUES.find((entry) => entry.id === 'blasts')!
    const env = fakeCommandEnv({ 'fanblast.list': { data: [{ id: 9 }, { id: 4 }], meta: { last_page: 1 } } })
    expect(await queue.page(env, 1, 25)).toEqual({ ids: [9, 4], lastPage: 1 })
    expect(env.call).toHaveBeenCalledWith('fanblast.list', { query: { status: 'submitted', page: 1, per_page: 25 } })
    expect(queue.path(4)).toBe('/fanblast/single/4')
  })
})
