import { describe, expect, it } from 'vitest'
import { CommandRegistry } from '../../commands/registry'
import {
  ACCOUNT_EXPORT_ACTIONS,
  CATALOGUE_OPS_COMMANDS,
  CODE_IMPORT_CALLS,
  CONVERT_ACTIONS,
  DDEX_PARTY_COMMAND,
  DELIVERY_ACTIONS,
  DELIVERY_COMMANDS,
  EXPORT_ACTIONS,
  EXPORT_COMMANDS,
  INGESTION_ACTIONS,
  INGESTION_COMMANDS,
  TRANSFER_ACTIONS,
  TRANSFER_COMMANDS,
  codeImporterPath,
  transferPreviewLine,
} from '../../commands/catalogue-ops'
import type { CommandContext } from '../../commands/types'
import { ENDPOINTS } from '../../src/contract/index'
import { fakeCommandEnv } from '../helpers/command-env'

const admin: CommandContext = { account: { id: 1, type: 'admin', isOperator: false }, route: null, record: null, list: null, paneCount: 1 }
const artist: CommandContext = { ...admin, account: { id: 2, type: 'artist', isOperator: false } }
const registry = new CommandRegistry()
registry.register(CATALOGUE_OPS_COMMANDS)

describe('catalogue operations commands', () => {
  it('"Import codes…" is offered to staff only and opens the importer on the chosen form', async () => {
    expect(registry.available(admin).map((entry) => entry.title)).toContain('Import codes…')
    expect(registry.available(artist).map((entry) => entry.title)).not.toContain('Import codes…')
    const env = fakeCommandEnv()
    const choices = await CATALOGUE_OPS_COMMANDS[0].children!(admin, env)
    expect(choices.map((choice) => choice.title)).toEqual([
      'Import UPC codes into the pool',
      'Import ISRC codes into the pool (file or range)',
      'Give UPCs to releases from a CSV',
      'Give ISRCs to tracks from a CSV',
    ])
    await choices[1].run!(admin, env)
    expect(env.open).toHaveBeenCalledWith('/upc-isrc-import?pool=isrc&mode=pool')
    await choices[2].run!(admin, env)
    expect(env.open).toHaveBeenLastCalledWith(codeImporterPath('upc', 'assign'))
  })

  it('names a multipart admin endpoint for every form of the importer', () => {
    for (const calls of Object.values(CODE_IMPORT_CALLS))
      for (const id of Object.values(calls)) expect(ENDPOINTS[id]).toMatchObject({ method: 'POST', access: 'admin', bodyType: 'multipart' })
  })
})

describe('the DDEX Party ID command', () => {
  it('checks the typed DPID before offering it, and records it in the printed form staff typed or not', async () => {
    expect(registry.available(admin).map((entry) => entry.title)).toContain('Set the DDEX Party ID (DPID)…')
    expect(registry.available(artist).map((entry) => entry.title)).not.toContain('Set the DDEX Party ID (DPID)…')
    const env = fakeCommandEnv()
    const [wrong] = await DDEX_PARTY_COMMAND.search!('PA-DPIDA-3897722461-H', admin, env, new AbortController().signal)
    expect(wrong.title).toContain('should be G')
    expect(wrong.when!(admin)).toContain('should be G')
    const [right] = await DDEX_PARTY_COMMAND.search!('padpida3897722461g', admin, env, new AbortController().signal)
    expect(right.title).toBe('Send DDEX messages as PA-DPIDA-3897722461-G')
    env.call.mockResolvedValue({ message: 'DDEX messages now come from PA-DPIDA-3897722461-G (Acme).' })
    await right.run!(admin, env)
    expect(env.call).toHaveBeenCalledWith('exports.updateDdexSettings', { body: { partyId: 'padpida3897722461g' } })
    expect(env.refresh).toHaveBeenCalled()
  })
})

describe('catalogue ingestion actions', () => {
  const onIngestion = (state: Record<string, unknown>): CommandContext => ({
    ...admin,
    record: { kind: 'ingestion', id: '5', state: { fileName: 'c.csv', good: 3, ...state } as never },
  })
  const all = new CommandRegistry()
  all.register([...INGESTION_COMMANDS, ...INGESTION_ACTIONS.flatMap((action) => action.commands)])
  const shown = (context: CommandContext) =>
    Object.fromEntries(all.available(context).map((entry) => [entry.command.id, entry.disabledReason ?? entry.title]))

  it('offers Commit on a dry run with good rows, says why not without, and Remove unless it runs', () => {
    const review = shown(onIngestion({ status: 'review' }))
    expect(
      Object.entries(review)
        .filter(([id]) => id.startsWith('ingestion.commit'))
        .map(([, title]) => title),
    ).toEqual(['Commit ingestion #5: create its releases'])
    const none = shown(onIngestion({ status: 'review', good: 0 }))
    expect(Object.values(none)).toContain('No row of this file is good: nothing to commit.')
    const running = shown(onIngestion({ status: 'committing' }))
    expect(Object.values(running)).toContain('It is running: remove it once it has finished.')
    expect(Object.values(shown(onIngestion({ status: 'committed' })))).toContain('Remove ingestion #5 from the history')
    expect(Object.values(shown(onIngestion({ status: 'committed' })))).not.toContain('Commit ingestion #5: create its releases')
  })

  it('commits the focused ingestion, and "Import catalogue…" opens the import page', async () => {
    const env = fakeCommandEnv()
    env.call.mockResolvedValue({ id: 5, status: 'committing' })
    const commit = all
      .available(onIngestion({ status: 'review' }))
      .find((entry) => entry.title === 'Commit ingestion #5: create its releases')!
    await commit.command.run!(onIngestion({ status: 'review' }), env)
    expect(env.call).toHaveBeenCalledWith('ingestion.commit', { body: { id: 5 } })
    const open = INGESTION_COMMANDS.find((command) => command.id === 'ingestion.open')!
    open.run!(admin, env)
    expect(env.open).toHaveBeenCalledWith('/releases/import/1?kind=catalog-ingestion')
    expect(shown(artist)).toEqual({})
  })

  it('"Import release metadata…" opens the release import page, for staff only', () => {
    const env = fakeCommandEnv()
    const open = INGESTION_COMMANDS.find((command) => command.id === 'releaseImport.open')!
    expect(open).toMatchObject({ title: 'Import release metadata…', access: 'admin' })
    open.run!(admin, env)
    expect(env.open).toHaveBeenCalledWith('/releases/import/1?kind=releases')
  })

  it('clears the history after a confirmation', async () => {
    const env = fakeCommandEnv()
    env.call.mockResolvedValue({ removed: 4 })
    const clear = INGESTION_COMMANDS.find((command) => command.id === 'ingestion.clear')!
    const [confirm] = await clear.children!(admin, env)
    await confirm.run!(admin, env)
    expect(env.call).toHaveBeenCalledWith('ingestion.clear')
    expect(env.notify).toHaveBeenCalledWith('Cleared 4 ingestions.', 'success')
  })
})

describe('export actions', () => {
  const registry = new CommandRegistry()
  registry.register([...EXPORT_COMMANDS, ...EXPORT_ACTIONS.flatMap((action) => action.commands)])
  const onRelease = (status: number): CommandContext => ({
    ...admin,
    record: { kind: 'release', id: '42', title: 'Harbour Lights', state: { status } },
  })
  const titles = (context: CommandContext) =>
    Object.fromEntries(registry.available(context).map((entry) => [entry.title, entry.disabledReason]))

  it('offers the exports on an accepted or delivered release, and says why not on a draft', () => {
    expect(titles(onRelease(3))).toMatchObject({
      'Export “Harbour Lights” to YouTube CMS': null,
      'Export “Harbour Lights” as a DDEX ERN 4.3 message': null,
      'Export the metadata of “Harbour Lights” (CSV)': null,
    })
    expect(titles(onRelease(0))['Export “Harbour Lights” to YouTube CMS']).toBe(
      'Only an accepted or delivered release is exported; this one is draft.',
    )
  })

  it('queues the export of the focused release and opens the export page', async () => {
    const env = fakeCommandEnv()
    env.call.mockResolvedValue({ id: 7, kind: 'cms', status: 'queued' })
    const entry = registry.available(onRelease(1)).find((item) => item.title === 'Export “Harbour Lights” to YouTube CMS')!
    await entry.command.run!(onRelease(1), env)
    expect(env.call).toHaveBeenCalledWith('exports.cmsSingle', { params: { id: 42 } })
    expect(env.open).toHaveBeenCalledWith('/releases/export/1')
  })

  it('exports a selection of the release list in one call', async () => {
    const env = fakeCommandEnv()
    env.call.mockResolvedValue({ id: 8, kind: 'cms', status: 'queued' })
    const selection: CommandContext = {
      ...admin,
      list: {
        listId: 'releases',
        title: 'Releases',
        selectedCount: 2,
        bulkActions: [],
        selection: {
          kind: 'release',
          items: [
            { id: 1, state: { status: 3 } },
            { id: 2, state: { status: 1 } },
          ],
        } as never,
      },
    }
    const entry = registry.available(selection).find((item) => item.title === 'Export 2 selected releases to YouTube CMS')!
    await entry.command.run!(selection, env)
    expect(env.call).toHaveBeenCalledWith('exports.cms', { body: { ids: [1, 2] } })
    const audiosalad = registry.available(selection).find((item) => item.title === 'Export the metadata of 2 selected releases for AudioSalad (XML)')!
    await audiosalad.command.run!(selection, env)
    expect(env.call).toHaveBeenCalledWith('exports.audiosalad', { body: { ids: [1, 2] } })
  })

  it('exports the focused release for AudioSalad, and says why not on a draft', async () => {
    const title = 'Export the metadata of “Harbour Lights” for AudioSalad (XML)'
    expect(titles(onRelease(0))[title]).toBe('Only an accepted or delivered release is exported; this one is draft.')
    const env = fakeCommandEnv()
    env.call.mockResolvedValue({ id: 9, kind: 'audiosalad', status: 'queued' })
    const entry = registry.available(onRelease(3)).find((item) => item.title === title)!
    await entry.command.run!(onRelease(3), env)
    expect(env.call).toHaveBeenCalledWith('exports.audiosalad', { body: { ids: [42] } })
    expect(env.open).toHaveBeenCalledWith('/releases/export/1')
  })
})

describe('bulk type conversion action', () => {
  it('converts the release list selection in one call and opens the export page for its report', async () => {
    const registry = new CommandRegistry()
    registry.register(CONVERT_ACTIONS.flatMap((action) => action.commands))
    const env = fakeCommandEnv()
    env.call.mockResolvedValue({ id: 9, kind: 'convert', status: 'queued' })
    const selection: CommandContext = {
      ...admin,
      list: {
        listId: 'releases',
        title: 'Releases',
        selectedCount: 3,
        bulkActions: [],
        selection: { kind: 'release', items: [{ id: 4 }, { id: 5 }, { id: 6 }] } as never,
      },
    }
    const entry = registry.available(selection).find((item) => item.title.startsWith('Set the type of 3 selected releases'))!
    await entry.command.run!(selection, env)
    expect(env.call).toHaveBeenCalledWith('exports.bulkConvert', { body: { ids: [4, 5, 6] } })
    expect(env.open).toHaveBeenCalledWith('/releases/export/1')
  })
})

describe('catalogue-number export action', () => {
  it('is offered on an artist or label account, not on staff, and calls with the account id', async () => {
    const registry = new CommandRegistry()
    registry.register(ACCOUNT_EXPORT_ACTIONS.flatMap((action) => action.commands))
    const onAccount = (type: 'artist' | 'label' | 'admin'): CommandContext => ({
      ...admin,
      record: { kind: 'account', id: '12', title: 'Acme Records', state: { type } as never },
    })
    const title = "Export the catalogue numbers of Acme Records's releases"
    expect(registry.available(onAccount('label')).map((entry) => entry.title)).toContain(title)
    expect(registry.available(onAccount('admin')).map((entry) => entry.title)).not.toContain(title)
    const env = fakeCommandEnv()
    env.call.mockResolvedValue({ id: 3, kind: 'catalog-number', status: 'queued' })
    await registry.available(onAccount('label')).find((entry) => entry.title === title)!.command.run!(onAccount('label'), env)
    expect(env.call).toHaveBeenCalledWith('exports.catalogNumber', { params: { id: 12 } })
  })
})

describe('delivery actions', () => {
  const registry = new CommandRegistry()
  registry.register([...DELIVERY_COMMANDS, ...DELIVERY_ACTIONS.flatMap((action) => action.commands)])
  const onDelivery = (status: string): CommandContext => ({
    ...admin,
    record: { kind: 'delivery', id: '21', title: 'Harbour Lights', state: { status, releaseTitle: 'Harbour Lights' } as never },
  })
  const titles = (context: CommandContext) => registry.available(context).map((entry) => entry.title)

  it('queues the focused release for SFTP delivery', async () => {
    const context: CommandContext = { ...admin, record: { kind: 'release', id: '42', title: 'Harbour Lights', state: { status: 4 } } }
    const env = fakeCommandEnv()
    env.call.mockResolvedValue({ id: 21, status: 'queued' })
    const entry = registry.available(context).find((item) => item.title === 'Queue “Harbour Lights” for delivery to SFTP')!
    await entry.command.run!(context, env)
    expect(env.call).toHaveBeenCalledWith('delivery.add', { params: { type: 'sftp', id: 42 } })
  })

  it('offers retry on a failed delivery only, and remove unless it is being sent or delivered', () => {
    expect(titles(onDelivery('failed'))).toEqual(
      expect.arrayContaining(['Retry the delivery of “Harbour Lights”', 'Remove the delivery of “Harbour Lights” from the queue']),
    )
    expect(titles(onDelivery('delivered'))).not.toContain('Retry the delivery of “Harbour Lights”')
    expect(titles(onDelivery('sending'))).not.toContain('Remove the delivery of “Harbour Lights” from the queue')
  })

  it('queues the focused release for AudioSalad delivery too', async () => {
    const context: CommandContext = { ...admin, record: { kind: 'release', id: '42', title: 'Harbour Lights', state: { status: 4 } } }
    const env = fakeCommandEnv()
    env.call.mockResolvedValue({ id: 22, status: 'queued' })
    const entry = registry.available(context).find((item) => item.title === 'Queue “Harbour Lights” for delivery to AudioSalad')!
    await entry.command.run!(context, env)
    expect(env.call).toHaveBeenCalledWith('delivery.add', { params: { type: 'audiosalad', id: 42 } })
    // From the release's tab the timeline below shows it: nothing opens.
    expect(env.open).not.toHaveBeenCalled()
  })

  it('retries every failed delivery after a confirmation, in one call', async () => {
    const env = fakeCommandEnv()
    env.call.mockResolvedValue({ retried: 2, refused: [] })
    const [confirm] = await DELIVERY_COMMANDS[0].children!(admin, env)
    await confirm.run!(admin, env)
    expect(env.call).toHaveBeenCalledWith('delivery.retryMany', { body: {} })
    expect(env.notify).toHaveBeenCalledWith('Retrying 2 deliveries.', 'success')
  })

  it('offers "Retry the failed deliveries" on a release with a failed delivery (shift+r), and sends its id', async () => {
    const onRelease = (failedDeliveries?: { id: number; target: 'sftp' | 'audiosalad' }[]): CommandContext => ({
      ...admin,
      record: { kind: 'release', id: '42', title: 'Harbour Lights', state: { status: 4, failedDeliveries } },
    })
    const title = 'Retry the failed deliveries of “Harbour Lights”'
    expect(titles(onRelease([]))).not.toContain(title)
    expect(titles(onRelease(undefined))).toContain(title)
    const entry = registry.available(onRelease([{ id: 21, target: 'audiosalad' }])).find((item) => item.title === title)!
    expect(entry.command.shortcut).toBe('delivery.retryFailed')
    const env = fakeCommandEnv()
    env.call.mockResolvedValue({ retried: 1, refused: [] })
    await entry.command.run!(onRelease([{ id: 21, target: 'audiosalad' }]), env)
    expect(env.call).toHaveBeenCalledWith('delivery.retryMany', { body: { release_ids: [42] } })
    expect(env.notify).toHaveBeenCalledWith('Sending 1 delivery again.', 'success')
  })
})

describe('transfer actions', () => {
  const registry = new CommandRegistry()
  registry.register(TRANSFER_ACTIONS.flatMap((action) => action.commands))
  const onRelease: CommandContext = {
    ...admin,
    record: { kind: 'release', id: '42', title: 'Harbour Lights', state: { status: 1, ownerId: 7 } },
  }
  const preview = (ids: number[], accountId: number) => ({
    dryRun: true,
    to: { id: accountId, email: 'label@acme.test', type: 'label' },
    releases: ids.map((releaseId) => ({
      releaseId,
      title: 'Harbour Lights',
      from: { id: 7, email: 'a@acme.test' },
      tracks: 2,
      splits: 1,
      refused: null,
    })),
    moved: 0,
    refused: 0,
  })

  it('offers "Transfer to account…" on a release, previews each found account with a dry run, then moves it', async () => {
    const entry = registry.available(onRelease).find((item) => item.title === 'Transfer “Harbour Lights” to account…')!
    expect(entry).toBeTruthy()
    const env = fakeCommandEnv()
    env.call.mockImplementation(async (id: string, input: { body?: { ids: number[]; accountId: number } }) => {
      if (id === 'users.list')
        return {
          data: [
            { id: 7, displayName: 'Owner', email: 'a@acme.test', type: 'artist' },
            { id: 8, displayName: 'Staff', email: 's@acme.test', type: 'admin' },
            { id: 9, displayName: 'Acme Records', email: 'label@acme.test', type: 'label' },
          ],
        }
      if (id === 'transfers.bulk') return preview(input.body!.ids, input.body!.accountId)
      return { ...preview([42], 9), dryRun: false, moved: 1 }
    })
    const [choice, ...rest] = await entry.command.search!('acme', onRelease, env, new AbortController().signal)
    // The owner and staff accounts are not offered; the label's title carries the dry run.
    expect(rest).toEqual([])
    expect(choice.title).toBe('Acme Records (label@acme.test, label): moves 1 release, 2 tracks, 1 open split')
    expect(env.call).toHaveBeenCalledWith('transfers.bulk', { body: { ids: [42], accountId: 9, dryRun: true } })
    await choice.run!(onRelease, env)
    expect(env.call).toHaveBeenCalledWith('transfers.single', { body: { releaseId: 42, accountId: 9, dryRun: false } })
    expect(env.notify).toHaveBeenCalledWith('Moved 1 release to label@acme.test.', 'success')
  })

  it('says why releases would be refused', () => {
    const line = transferPreviewLine({
      refused: 1,
      releases: [
        { releaseId: 1, title: 'A', from: null, tracks: 3, splits: 0, refused: null },
        { releaseId: 2, title: 'B', from: null, tracks: 1, splits: 0, refused: 'It cannot move while it is under review.' },
      ],
    })
    expect(line).toBe('moves 1 release, 3 tracks, 0 open splits; refused: It cannot move while it is under review.')
  })
})

describe('transfer-in command', () => {
  it('opens the transfer-in form and history for staff only', async () => {
    const registry = new CommandRegistry()
    registry.register(TRANSFER_COMMANDS)
    expect(registry.available(artist).map((entry) => entry.title)).not.toContain('Transfer in a release from another distributor…')
    const env = fakeCommandEnv()
    await TRANSFER_COMMANDS[0].run!(admin, env)
    expect(env.open).toHaveBeenCalledWith('/releases/import-sections')
  })
})
