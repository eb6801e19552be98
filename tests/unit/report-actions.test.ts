import { describe, expect, it } from 'vitest'
import { REPORT_ACTIONS } from '../../commands/reports'
import { fakeCommandEnv } from '../helpers/command-env'
import type { CommandContext } from '../../commands/types'

const context = (status: 'failed' | 'ready'): CommandContext => ({
  account: { id: 1, type: 'admin', isOperator: false },
  route: null,
  record: { kind: 'report', id: '12', title: 'Report #12', state: { status, scope: 'site', error: status === 'failed' ? 'boom' : null } },
  list: null,
  paneCount: 1,
})
const retry = REPORT_ACTIONS.find((action) => action.key === 'reports.retry')!.commands[0]

describe('report actions', () => {
  it('runs a failed report again, and only a failed one', async () => {
    expect(retry.when!(context('ready'))).toBe(false)
    expect(retry.when!(context('failed'))).toBe(true)
    expect(typeof retry.title === 'function' && retry.title(context('failed'))).toBe('Run report #12 again')
    const env = fakeCommandEnv({ 'reports.retry': { id: 12 } })
    await retry.run!(context('failed'), env)
    expect(env.call).toHaveBeenCalledWith('reports.retry', { params: { id: 12 } })
    expect(env.notify).toHaveBeenCalledWith('Report #12 asked again: it is being prepared.', 'success')
    expect(env.refresh).toHaveBeenCalled()
  })
})
