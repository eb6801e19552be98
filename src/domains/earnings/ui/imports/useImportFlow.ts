import { fromPromise } from 'xstate'
import { useActorRef, useSelector } from '@xstate/react'
import type { ImportDetail, StatementField, StatementSource } from '@contract/earnings-imports'
import { importMachine } from '@machines/import/import.machine'
import { api } from '@client/api'
import { workspaceActions } from '@client/workspace/store'

export interface UploadRequest {
  source: StatementSource
  file: File
  period: string
  currency: string
  mapping: Partial<Record<StatementField, string>>
}

const changed = <T>(result: T) => {
  workspaceActions.refreshData()
  return result
}

/** The import machine bound to the API: upload, poll the dry run, commit, cancel (RollbackDialog rolls back). */
export function useImportFlow() {
  const actor = useActorRef(
    importMachine.provide({
      actors: {
        upload: fromPromise(async ({ input }) => {
          const request = input as UploadRequest
          const mapping = Object.keys(request.mapping).length ? JSON.stringify(request.mapping) : undefined
          const body = { period: request.period, currency: request.currency, ...(mapping ? { mapping } : {}) }
          const id = request.source === 'cms' ? 'earnings.importCms' : 'earnings.importAudiosalad'
          return changed(await api.upload(id, { body, files: { file: request.file } }))
        }),
        fetchImport: fromPromise(({ input, signal }) => api.call('earnings.import', { params: { id: input.id } }, { signal })),
        commit: fromPromise(async ({ input }) => changed(await api.call('earnings.importCommit', { params: { id: input.id } }))),
        cancel: fromPromise(async ({ input }) => changed(await api.call('earnings.importCancel', { params: { id: input.id } }))),
      },
    }),
  )
  const state = useSelector(actor, (snapshot) => snapshot.value as string | Record<string, string>)
  const step = typeof state === 'string' ? state : Object.keys(state)[0]
  const detail = useSelector(actor, (snapshot) => snapshot.context.detail as ImportDetail | null)
  const error = useSelector(actor, (snapshot) => snapshot.context.error)
  const failedStep = useSelector(actor, (snapshot) => snapshot.context.failedStep)
  return { actor, step, detail, error, failedStep, send: actor.send }
}
