import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ENDPOINTS } from '../../src/contract/index'
import { SITE_REPORT_KIND_IDS, siteReportEndpointId } from '../../src/contract/site-reports'
import { RECORD_ACTIONS } from '../../commands/record-actions'
import { rank, CommandRegistry } from '../../commands/registry'
import { PAYOUT_ACTIONS } from '../../commands/payouts'
import { PAYOUT_BATCH_COMMANDS } from '../../commands/payout-batches'
import { REVIEW_COMMANDS, REVIEW_QUEUES } from '../../commands/review'
import { fakeCommandEnv } from '../helpers/command-env'
import type { CommandContext } from '../../commands/types'

const ROOT = join(__dirname, '..', '..')
const MUTATIONS: string[] = Object.entries(ENDPOINTS)
  .filter(([, definition]) => definition.method !== 'GET' && definition.access !== 'guest')
  .map(([id]) => id)

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) files(path, out)
    else if (/\.tsx?$/.test(name)) out.push(path)
  }
  return out
}
const source = (paths: string[]) => paths.map((path) => ({ path: relative(ROOT, path), text: readFileSync(path, 'utf8') }))

/** Screens: the client and every domain's ui folder. */
const SCREENS = source([
  ...files(join(ROOT, 'src/client')),
  ...readdirSync(join(ROOT, 'src/domains')).flatMap((domain) => {
    const ui = join(ROOT, 'src/domains', domain, 'ui')
    try {
      return files(ui)
    } catch {
      return []
    }
  }),
])
/** Palette commands: global actions (invite, request a withdrawal...) call their endpoint from here. */
const COMMANDS = source(files(join(ROOT, 'commands')))

/** `api.call('x'`, `env.call('x'`, `download('x'`: a call naming the endpoint. */
const CALL = /\b(?:call|download)\(\s*'([\w./-]+)'/g
function calledIn(sources: { path: string; text: string }[]): Map<string, string[]> {
  const found = new Map<string, string[]>()
  for (const { path, text } of sources)
    for (const match of text.matchAll(CALL)) found.set(match[1], [...new Set([...(found.get(match[1]) ?? []), path])])
  return found
}

/**
 * A screen's own editing: the whole screen (or dialog) is the form, so it saves it itself. Kept short:
 * anything that acts on a record from a button, a switch or a bulk bar is a declared action instead.
 */
const SCREEN_OWN_FORMS: Readonly<Record<string, string>> = {
  'auth.logout': 'the session machine signs out (not a record)',
  'auth.continueAsCollaborator': 'the banner returns to your own account (the declared action is "continue as" on an account)',
  'auth.twoFactor': 'the two-factor panel is a form',
  'auth.stepUpOtpSend': 'the two-factor panel asks for a code',
  'auth.revokeSession': 'your own sessions panel',
  'auth.initComplete': 'the setup wizard is the screen',
  'auth.initCompleteLater': 'the setup wizard is the screen',
  'site.signAgreement': 'the setup wizard is the screen',
  'site.saveSettings': 'the site settings form',
  'site.saveTheme': 'the site settings form',
  'site.saveLogo': 'the site settings form',
  'site.saveColors': 'the site settings form',
  'site.saveAddress': 'the site settings form',
  'site.saveSupportEmail': 'the site settings form and wizard',
  'site.saveMail': 'the mail settings form and wizard',
  'site.testSmtp': 'a step of the mail settings form',
  'site.generateDns': 'a step of the mail settings form',
  'site.verifyDns': 'a step of the mail settings form',
  'site.saveMenus': 'the menus screen is the form',
  'site.createLoginSlide': 'the login settings screen is the form',
  'site.updateLoginSlide': 'the login settings screen is the form',
  'site.deleteLoginSlide': 'the login settings screen is the form',
  'site.orderLoginSlides': 'the login settings screen is the form (drag to order)',
  'site.loginSlideVisibility': 'the login settings screen is the form',
  'releases.albumDetails': "the uploader's steps",
  'releases.albumTracks': "the uploader's steps",
  'releases.edit': 'the release details form',
  'releases.trackEdit': 'the track details form',
  'splits.data': 'the new split screen is the form',
  'splits.isValidUser': 'a check while typing in the new split form',
  'splits.submit': 'the new split screen is the form',
  'dashboard.statistics': 'a read sent as POST (the dashboard figures)',
  'dashboard.feedback': 'the feedback dialog is the form',
  'helpCenter.sendMessage': 'the send-message dialog is the form',
  'users.message': 'the send-message dialog is the form',
  'users.editDetails': 'the account details form',
  'users.editBusinessDetails': 'the account details form',
  'users.editPayoutMethods': 'the account details form',
  'users.editArtist': 'the artist profile form',
  'payouts.updateSettings': 'the payout settings dialog is the form',
  'users.importUsers': 'the CSV import dialog is the form',
  'users.createDocument': 'the document upload form',
  'releases.replaceTrackAudio': "the uploader's file step",
  'earnings.importCms': "the statement import flow's upload step",
  'earnings.importAudiosalad': "the statement import flow's upload step",
  'splits.bulkProcess': 'the bulk split upload screen is the form',
  'splits.bulkSubmit': 'the bulk split upload screen is the form',
  'splits.creatorProcess': 'the bulk split upload screen is the form',
  'splits.creatorSubmit': 'the bulk split upload screen is the form',
  'earnings.importCommit':
    "the import flow's review step: the import machine commits the dry run it shows (the import tab uses the declared action)",
  'earnings.importCancel':
    "the import flow's review step: the import machine cancels the dry run it shows (the import tab uses the declared action)",
  'earnings.importRollback': 'the rollback dialog is the form: it previews the accounts taken below zero and asks for a reason',
  'ledger.adjust': 'the adjustment dialog is the form (amount, reason, the shortfall to record as debt)',
  'ledger.match': 'the match dialog is the form (the unmatched key, the track or release found, the period)',
  'ledger.rateCreate': 'the exchange-rates form (currency, month, rate)',
  'releases.editReleaseTime': 'the release time section is the form (a time of day and its time zone)',
  'releases.mapGenre': 'the map-genre dialog is the form (primary and secondary genre)',
  'releases.storesBulk': 'the stores dialog is the form (add, remove or replace, and the stores to check)',
  'reports.requestArtistEarning': 'the request-report dialog is the form (kind, months, and the account it is about)',
  'reports.requestReleaseEarning': 'the request-report dialog is the form (kind, months, and the release it is about)',
  'users.reportChannelOverview': "a read sent as POST (the account reports' channel chart)",
  'users.invite': 'the invite dialog is the form (email, type, first and last name); the palette’s "Invite an artist…" asks the email only',
  'admins.invite': 'the invite dialog is the form (email, first and last name); the palette’s "Invite an admin…" asks the email only',
  'admins.update': 'the edit admin dialog is the form (first and last name)',
  'users.createNote': 'the note form (a title and the note)',
  'users.publishingManual': 'the manual publishing form (amount, period and a note)',
  'support.updateSettings': 'the support settings screen is the form (auto-reply, signature, hours, targets, canned replies)',
  'users.support': "a read sent as POST (the account screen's support section: its tickets and threads)",
  'news.create': 'the post editor is the form (title, content, slug, category, images, status, publish date)',
  'news.edit': 'the post editor is the form (title, content, slug, category, images, status, publish date)',
  'news.embedImage': "an upload step of the post editor (the editor's image button, the featured and cover images)",
  'news.categoryCreate': 'the new category form (name, details, slug)',
  'news.categoryEdit': 'the edit category dialog is the form (name, details, slug)',
  'analytics.importTrends': "the trend import flow's upload step (platform and file)",
  'analytics.saveSource': 'the scheduled source dialog is the form (folder or SFTP host, port, user, password or key, pattern, interval)',
  'greenlist.create': "the requester's New request dialog on the dashboard is the form (release, track, format, channels per platform, info, comment, ISRC)",
  'blocklist.create': "the requester's New request dialog on the dashboard is the form (release, track, platform, format, dates, ISRC, comment)",
  'youtubeMcn.create': "the requester's New request dialog on the dashboard is the form (channel id, subscribers, videos, views)",
  'chartRegistration.create': "the requester's New request dialog on the dashboard is the form (release and comment)",
  'licensing.create': "the requester's New request dialog on the dashboard is the form (song, album, format and quantities, licensee)",
  'pitch.create': "the requester's New request dialog on the dashboard is the form (release, track, texts, tour dates, links, photo and sheet)",
  'analytics.submit': "a read sent as POST (the analytics view's figures over a range too long to answer at once, asked as a job)",
  'fanblast.submit': "the dashboard's fan blast section: the compose form (artists and labels)",
  'fanblast.importFans': "the dashboard's fan blast section: the audience import form (a CSV with proof of consent)",
}

/** Contract endpoints no screen calls (each says why); not a way around declaring one a screen does call. */
const NOT_CALLED_BY_THE_CLIENT: Readonly<Record<string, string>> = {
  'site.saveSmtp': 'site.saveMail saves the own SMTP server together with the mail choice in one call; kept for API clients',
  'auth.readChangelog': 'no changelog is shown in the back office yet; kept for API clients',
  'support.open': "the artist portal's support widget opens tickets; staff do not open tickets for themselves",
  'support.requesterReply': "the artist portal's answer on the requester's own ticket; staff reply with support.reply",
  'helpCenter.createThread': 'the Send Message dialog opens threads with helpCenter.sendMessage; the REST name is kept for API clients',
  'dashboard.createThread': "the spec's dashboard call for a new thread; the Send Message dialog uses helpCenter.sendMessage",
}

describe('record actions: declared once', () => {
  const declared = new Set<string>(RECORD_ACTIONS.map((action) => action.id))
  // A palette command names its endpoint (a call, or the id in a table such as account reports'); site
  // reports' commands derive theirs from SITE_REPORT_KINDS (commands/reports.ts).
  const byCommands = new Set([
    ...MUTATIONS.filter((id) => COMMANDS.some(({ text }) => text.includes(`'${id}'`))),
    ...SITE_REPORT_KIND_IDS.map((kind) => siteReportEndpointId(kind)),
  ])
  const mentionedByScreens = new Set(MUTATIONS.filter((id) => SCREENS.some(({ text }) => text.includes(`'${id}'`))))
  const byScreens = calledIn(SCREENS)

  it('every signed-in mutation is a declared action or a palette command, or is listed with its reason', () => {
    const missing = MUTATIONS.filter(
      (id) => !declared.has(id) && !byCommands.has(id) && !(id in SCREEN_OWN_FORMS) && !(id in NOT_CALLED_BY_THE_CLIENT),
    )
    expect(missing, 'declare these (commands/<domain>.ts) or list why not').toEqual([])
  })

  it('no screen calls a mutation outside its declaration (static scan of src/client and src/domains/*/ui)', () => {
    const direct = [...byScreens.entries()]
      .filter(([id]) => MUTATIONS.includes(id) && !(id in SCREEN_OWN_FORMS))
      .map(([id, paths]) => `${id} in ${paths.join(', ')}`)
    expect(direct, 'render the declared action instead (RecordActions, ListView records)').toEqual([])
    // Declared record actions are never also called by hand from a screen, except by a form listed as such.
    const doubled = [...declared].filter((id) => byScreens.has(id) && !(id in SCREEN_OWN_FORMS))
    expect(doubled).toEqual([])
  })

  it('keeps the list honest: each entry is a signed-in mutation that a screen still calls', () => {
    for (const id of [...Object.keys(SCREEN_OWN_FORMS), ...Object.keys(NOT_CALLED_BY_THE_CLIENT)]) expect(MUTATIONS, id).toContain(id)
    expect(
      Object.keys(NOT_CALLED_BY_THE_CLIENT).filter(
        (id) => mentionedByScreens.has(id) || COMMANDS.some(({ text }) => text.includes(`'${id}'`)),
      ),
    ).toEqual([])
    const stale = Object.keys(SCREEN_OWN_FORMS).filter((id) => !mentionedByScreens.has(id))
    expect(stale, 'no screen calls these any more: remove them from SCREEN_OWN_FORMS').toEqual([])
    expect(Object.keys(SCREEN_OWN_FORMS).length).toBeLessThanOrEqual(84)
  })

  it('declares each action once, with the contract endpoint as its id and access from the contract', () => {
    const keys = RECORD_ACTIONS.map((action) => action.key)
    expect(new Set(keys).size).toBe(keys.length)
    for (const action of RECORD_ACTIONS) {
      expect(MUTATIONS, action.key).toContain(action.id)
      expect(action.access).toBe(ENDPOINTS[action.id].access === 'admin' ? 'admin' : 'auth')
      expect(action.key.split(':')[0]).toBe(action.id)
    }
  })
})

const admin = { id: 1, type: 'admin' as const, isOperator: false }
const payoutContext = (status: 'pending' | 'approved'): CommandContext => ({
  account: admin,
  route: null,
  record: { kind: 'payout', id: '12', title: 'Payout #12', state: { status, amount: '120.00', accountName: 'Nina Vale', accountId: 5 } },
  list: null,
  paneCount: 1,
})
const onPayout = payoutContext('approved')

describe('palette ranking', () => {
  it('puts an action on the focused record above a global command matching the same word', () => {
    const registry = new CommandRegistry()
    registry.register(PAYOUT_BATCH_COMMANDS)
    registry.register(PAYOUT_ACTIONS.flatMap((action) => action.commands))
    const titles = rank(registry.available(payoutContext('pending')), 'approve').map((entry) => entry.title)
    expect(titles[0]).toBe('Approve payout #12 of $120.00 to Nina Vale')
    expect(titles).toContain('Export approved payouts…')
  })

  it('keeps the record’s action first when the payouts list beside it has nothing selected', () => {
    const registry = new CommandRegistry()
    registry.register(PAYOUT_BATCH_COMMANDS)
    registry.register(PAYOUT_ACTIONS.flatMap((action) => action.commands))
    // The pane sits beside the payouts list: its selection commands are offered, disabled, with a hint.
    const context: CommandContext = {
      ...payoutContext('pending'),
      record: {
        kind: 'payout',
        id: '23',
        title: 'Payout #23',
        state: { status: 'pending', amount: '61.50', accountName: 'Emerson Digital Collective', accountId: 138 },
      },
      list: {
        listId: 'payouts',
        title: 'Payouts',
        selectedCount: 0,
        selection: { kind: 'payout', from: 'selection', items: [] },
        bulkActions: [],
      },
    }
    const ranked = rank(registry.available(context), 'approve')
    expect(ranked.map((entry) => entry.title)).toContain('Approve 0 selected payouts')
    expect(ranked[0].title).toBe('Approve payout #23 of $61.50 to Emerson Digital Collective')
  })
})

describe('review next', () => {
  it('opens the oldest open item of each queue in one step: the last row of the last page', async () => {
    expect(REVIEW_COMMANDS.map((command) => command.title)).toEqual([
      'Review next edit request',
      'Review next pending payout',
      'Review next unresolved ticket',
      'Review next pending greenlist request',
      'Review next submitted fan blast',
      'Review next pending Discovery Mode submission',
      'Review next new usage match',
      'Review next flagged track',
    ])
    const env = fakeCommandEnv()
    env.call.mockImplementation(async (id: string, input: { params?: { page: number } }) =>
      id === 'releases.editRequests'
        ? input.params?.page === 1
          ? { data: [{ id: 90 }, { id: 80 }], meta: { last_page: 3 } }
          : { data: [{ id: 12 }, { id: 11 }], meta: { last_page: 3 } }
        : { data: [], meta: { last_page: 1 } },
    )
    await REVIEW_COMMANDS[0].run!(onPayout, env)
    expect(env.call).toHaveBeenLastCalledWith('releases.editRequests', { params: { page: 3 }, query: { status: 'pending', per_page: 25 } })
    expect(env.open).toHaveBeenCalledWith('/release/edit-requests/view/11')
    await REVIEW_COMMANDS[1].run!(onPayout, env)
    expect(env.notify).toHaveBeenCalledWith('No open pending payouts.', 'info')
    for (const queue of REVIEW_QUEUES) expect(ENDPOINTS[queue.endpoint].method).toBe('GET')
  })
})
