import { useSnapshot } from 'valtio'
import { workspace } from '../workspace/store'

/** Changes when an action changed data somewhere: include it in a load's input to reload then. */
export function useDataVersion(): number {
  return useSnapshot(workspace).dataVersion
}
