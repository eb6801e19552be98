import type { RecordStates } from '../../commands/records'

/** An account's record state for command tests: an active artist unless said otherwise. */
export function accountState(overrides: Partial<RecordStates['account']> = {}): RecordStates['account'] {
  return {
    type: 'artist',
    banned: false,
    verified: false,
    priorityMember: false,
    blockWithdraw: false,
    dmcaMode: false,
    restrictNewRelease: false,
    displayName: 'Nina Vale',
    email: 'nina@example.test',
    ...overrides,
  }
}
