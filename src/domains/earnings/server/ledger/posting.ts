import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Queryable, Tx } from '@server/db/engine'
import { badRequest, conflict, notFound } from '@server/errors'
import { moneyText, moneyUnits } from '@core/decimal'
import { writeApplyingPayees } from '@domains/splits/server/public'
import { releaseTarget, trackTarget, type MatchTarget } from '@domains/catalogue/server/public'
import { ledgerEntries, ledgerTransactions, manualMatches } from '../schema'
import { sweepHolds } from './holds'
import { appendTrackDeltas } from './track-fold'

// Posting statements to the ledger and keeping the rollups current (rules: docs/royalties.md).
// SQL aggregates the lines and allocates the groups (a statement may touch a million tracks, so no
// per-track row is held in JavaScript; the money stays integral micro-units in NUMERIC); entries go
// in with one INSERT ... SELECT; rollups move by INSERT ... SELECT ... GROUP BY ... ON CONFLICT DO
// UPDATE adding deltas, in the caller's transaction, except the per-track ones: their deltas are
// appended in that transaction and folded later (track-fold.ts).

export type Source = 'cms' | 'audiosalad'
export type Category = 'earnings' | 'sales' | 'adjustment' | 'publishing' | 'payouts' | 'payout_fee' | 'held'
export type Book = 'account' | 'tenant' | 'suspense' | 'clearing' | 'payouts' | 'held'

/** The balance line statement money of a source belongs to. */
export const categoryOf = (source: string): Category => (source === 'cms' ? 'earnings' : 'sales')

const money = moneyText
const units = moneyUnits

/** A JS array as one SQL array parameter (drizzle would expand a bare array into a row). */
export const sqlArray = (values: unknown[], type: string): SQL => sql`${sql.param(values)}::${sql.raw(type)}[]`

export interface NewEntry {
  book: Book
  accountId: number | null
  category: Category
  amount: bigint
  importId: number | null
  trackId: number | null
  releaseId: number | null
  period: string | null
}

/** Entries merged per (book, account, category, import, track, release, period); zeros dropped at insert. */
export class EntrySet {
  private readonly byKey = new Map<string, NewEntry>()
  add(entry: NewEntry) {
    if (entry.amount === 0n) return
    const key = [entry.book, entry.accountId, entry.category, entry.importId, entry.trackId, entry.releaseId, entry.period].join('|')
    const existing = this.byKey.get(key)
    if (existing) existing.amount += entry.amount
    else this.byKey.set(key, { ...entry })
  }
  list(): NewEntry[] {
    return [...this.byKey.values()].filter((entry) => entry.amount !== 0n)
  }
  sum(book?: Book): bigint {
    let total = 0n
    for (const entry of this.byKey.values()) if (!book || entry.book === book) total += entry.amount
    return total
  }
}

const ENTRY_CHUNK = 5_000

/** work_mem for the posting statement (and the rest of its transaction). */
const POSTING_WORK_MEM = '192MB'

/** A new ledger transaction; returns its id. */
export async function createTransaction(
  tx: Tx,
  input: { tenantId: number; kind: string; importId?: number | null; reversesId?: number | null; reason?: string; actorId: number | null },
): Promise<number> {
  const [row] = await tx
    .insert(ledgerTransactions)
    .values({
      tenantId: input.tenantId,
      kind: input.kind,
      importId: input.importId ?? null,
      reversesId: input.reversesId ?? null,
      reason: input.reason ?? '',
      createdBy: input.actorId,
    })
    .returning({ id: ledgerTransactions.id })
  return row.id
}

/** `entries` as rows (book, account_id, category, amount, import_id, track_id, release_id, period) of one unnest. */
function entryRows(chunk: NewEntry[]): SQL {
  return sql`unnest(
    ${sqlArray(
      chunk.map((e) => e.book),
      'text',
    )},
    ${sqlArray(
      chunk.map((e) => e.accountId),
      'bigint',
    )},
    ${sqlArray(
      chunk.map((e) => e.category),
      'text',
    )},
    ${sqlArray(
      chunk.map((e) => money(e.amount)),
      'numeric',
    )},
    ${sqlArray(
      chunk.map((e) => e.importId),
      'bigint',
    )},
    ${sqlArray(
      chunk.map((e) => e.trackId),
      'bigint',
    )},
    ${sqlArray(
      chunk.map((e) => e.releaseId),
      'bigint',
    )},
    ${sqlArray(
      chunk.map((e) => e.period),
      'date',
    )}
  ) as e(book, account_id, category, amount, import_id, track_id, release_id, period)`
}

/** Writes `entries` under one transaction, refusing anything that does not sum to zero. */
export async function insertEntries(tx: Tx, tenantId: number, transactionId: number, entries: NewEntry[]): Promise<void> {
  let total = 0n
  for (const entry of entries) total += entry.amount
  if (total !== 0n) throw new Error(`Ledger transaction ${transactionId} does not balance (off by ${money(total)})`)
  for (let start = 0; start < entries.length; start += ENTRY_CHUNK) {
    const chunk = entries.slice(start, start + ENTRY_CHUNK)
    await tx.execute(sql`
      insert into ledger_entries (tenant_id, transaction_id, book, account_id, category, amount, import_id, track_id, release_id, period)
      select ${tenantId}, ${transactionId}, e.book, e.account_id, e.category, e.amount, e.import_id, e.track_id, e.release_id, e.period
      from ${entryRows(chunk)}`)
  }
}

/**
 * Posts one ledger transaction from pg_temp.ledger_line_agg in ONE statement, without temporary
 * copies: the matched lines summed per (import, track or release, period), allocated, with `staged`
 * (a few entries computed in JavaScript, merged: clearing, suspense) and, with `suspense`, the
 * matched money leaving suspense per (import, period); one entry per (book, account, category,
 * import, track, release, period), zeros dropped; inserted into ledger_entries and, from the inserted rows, added to
 * the account rollups (data-modifying CTEs). A 1M-line statement touches up to a million tracks, so
 * no per-track row is held in JavaScript (issue 18), and each is written once.
 *
 * The allocation rule is the one of docs/royalties.md, exactly as `operatorShare` and `allocate`
 * compute it (a property test compares them): the operator share (the owner's tenant split, toward
 * zero) to the tenant book; the rest to the split's payees by largest remainder (ties to the lower
 * payee id), or, without a split whose shares sum to exactly 1, to the release's owner. Money is
 * handled as integral micro-units in NUMERIC, so nothing rounds. The transaction is refused (an
 * error, so the caller's database transaction rolls back) unless it sums to zero. Returns the
 * tenant book's total and the suspense book's.
 */
async function postMatched(
  tx: Tx,
  tenantId: number,
  transactionId: number,
  options: { staged?: NewEntry[]; suspense?: boolean } = {},
): Promise<{ tenantShare: bigint; suspense: bigint }> {
  await writeApplyingPayees(tx, tenantId, 'pg_temp.ledger_line_agg')
  const staged = options.staged ?? []
  const stagedRows = staged.length
    ? sql`union all
      select e.book, e.account_id, e.category, e.import_id, e.track_id, e.release_id, e.period, e.amount
      from ${entryRows(staged)}`
    : sql``
  const suspenseRows = options.suspense
    ? sql`union all
      select 'suspense', null, category, import_id, null, null, period, -sum(net)
      from groups
      group by category, import_id, period`
    : sql``
  // One statement over up to a million groups: JIT would compile ~160 functions first (~1-2 s
  // measured, more than it saves here), and the entries' sort and the groups' hash fit in memory
  // with more than the 64 MB of aggregateLines (at 64 MB both spilled to disk).
  await tx.execute(sql`set local jit = off`)
  await tx.execute(sql`set local work_mem = '${sql.raw(POSTING_WORK_MEM)}'`)
  const { rows } = await tx.execute<{
    level: number
    book: string | null
    import_id: number | null
    period: string | null
    total: string
    stray: number | null
  }>(sql`
    with groups as (
      select a.import_id, case when a.source = 'cms' then 'earnings' else 'sales' end as category, a.track_id, a.release_id, a.period,
        sum(a.net) as net
      from pg_temp.ledger_line_agg a
      where a.release_id is not null
      group by a.import_id, a.source, a.track_id, a.release_id, a.period
    ),
    -- A release not in this workspace (stray) is refused below, after the statement: looked for
    -- here, it costs nothing more than the join that finds the owner.
    owned as (
      select g.import_id, g.category, g.track_id, g.release_id, g.period, g.net,
        r.account_id as owner, r.id is null as stray, g.net * 1000000 as net_units,
        div(g.net * 1000000 * coalesce(o.tenant_split, 0), 100) as operator_units
      from groups g
      left join releases r on r.id = g.release_id and r.tenant_id = ${tenantId}
      left join accounts o on o.id = r.account_id
    ),
    valid as (
      select track_id, period from pg_temp.ledger_payees group by track_id, period having sum(share) = 1
    ),
    parts as (
      select w.import_id, w.category, w.track_id, w.release_id, w.period, p.ord, p.account_id,
        w.net_units - w.operator_units as side,
        div(abs(w.net_units - w.operator_units) * p.share * 10000000000, 10000000000) as part,
        mod(abs(w.net_units - w.operator_units) * p.share * 10000000000, 10000000000) as remainder
      from owned w
      join valid v on v.track_id = w.track_id and v.period = w.period
      join pg_temp.ledger_payees p on p.track_id = w.track_id and p.period = w.period
      where not w.stray
    ),
    ranked as (
      select p.*, abs(p.side) - sum(p.part) over w as left_units, row_number() over (w order by p.remainder desc, p.ord) as place
      from parts p
      window w as (partition by p.import_id, p.track_id, p.release_id, p.period)
    ),
    alloc as (
      select 'tenant'::text as book, null::bigint as account_id, category, import_id, track_id, release_id, period,
        operator_units * 0.000001 as amount
      from owned
      -- Zeros would be dropped below anyway; without a tenant split they are half the rows.
      where operator_units <> 0 and not stray
      union all
      select 'account', owner, category, import_id, track_id, release_id, period, (net_units - operator_units) * 0.000001
      from owned w
      where not w.stray and not exists (select 1 from valid v where v.track_id = w.track_id and v.period = w.period)
      union all
      -- Only payees can share a key (two payees of one account): merged here, so the million other
      -- rows need no grouping.
      select 'account', account_id, category, import_id, track_id, release_id, period,
        sum(sign(side) * (part + case when place <= left_units then 1 else 0 end)) * 0.000001
      from ranked
      group by account_id, category, import_id, track_id, release_id, period
      ${suspenseRows}
      ${stagedRows}
    ),
    -- Every other key is one row already: the tenant's and the owner's per group, clearing and
    -- suspense per (import, period) (staged entries come merged).
    merged as (select * from alloc where amount <> 0),
    -- In (account, track) order: the entries' account and track indexes are then written in order,
    -- not at a million random places of indexes larger than the shared buffers.
    inserted as (
      insert into ledger_entries (tenant_id, transaction_id, book, account_id, category, amount, import_id, track_id, release_id, period)
      select ${tenantId}, ${transactionId}, m.book, m.account_id, m.category, m.amount, m.import_id, m.track_id, m.release_id, m.period
      from merged m
      order by m.account_id, m.track_id
      returning book, account_id, import_id, period, amount
    ),
    -- The account rollups' deltas, summed once: the totals add up the monthly sums (an account's
    -- few months) rather than the million entries again.
    account_sums as (
      select e.account_id, e.period, sum(e.amount) as amount
      from inserted e
      where e.book = 'account' and e.period is not null
      group by e.account_id, e.period
    ),
    account_monthly as (
      insert into earnings_account_monthly (tenant_id, account_id, period, amount)
      select ${tenantId}, s.account_id, s.period, s.amount
      from account_sums s
      order by s.account_id, s.period
      on conflict (account_id, period) do update set amount = earnings_account_monthly.amount + excluded.amount
    ),
    account_totals as (
      insert into earnings_account_totals (tenant_id, account_id, amount)
      select ${tenantId}, s.account_id, sum(s.amount)
      from account_sums s
      group by s.account_id
      order by s.account_id
      on conflict (account_id) do update set amount = earnings_account_totals.amount + excluded.amount
    )
    -- Level 7: the whole transaction; 3: per book; 0: per (book, import, period), for earnings_monthly.
    select grouping(e.book, e.import_id, e.period) as level, e.book, e.import_id, to_char(e.period, 'YYYY-MM-DD') as period,
      sum(e.amount)::text as total, (select min(release_id) from owned where stray) as stray
    from inserted e
    group by grouping sets ((), (e.book), (e.book, e.import_id, e.period))`)
  const stray = rows[0]?.stray
  if (stray !== null && stray !== undefined) throw new Error(`Release #${stray} of a matched statement line is not in this workspace`)
  const total = units(rows.find((row) => Number(row.level) === 7)?.total)
  if (total !== 0n) throw new Error(`Ledger transaction ${transactionId} does not balance (off by ${money(total)})`)
  const tenantRows = rows.filter((row) => Number(row.level) === 0 && row.book === 'tenant' && row.import_id !== null && row.period !== null)
  if (tenantRows.length) {
    await tx.execute(sql`
      insert into earnings_monthly (tenant_id, period, source, tenant_share)
      select ${tenantId}, t.period, i.source, sum(t.amount)
      from unnest(
        ${sqlArray(
          tenantRows.map((row) => row.period),
          'date',
        )},
        ${sqlArray(
          tenantRows.map((row) => Number(row.import_id)),
          'bigint',
        )},
        ${sqlArray(
          tenantRows.map((row) => row.total),
          'numeric',
        )}
      ) as t(period, import_id, amount)
      join statement_imports i on i.id = t.import_id
      group by t.period, i.source
      on conflict (tenant_id, period, source) do update set tenant_share = earnings_monthly.tenant_share + excluded.tenant_share`)
  }
  const bookTotal = (book: Book) => units(rows.find((row) => Number(row.level) === 3 && row.book === book)?.total)
  return { tenantShare: bookTotal('tenant'), suspense: bookTotal('suspense') }
}

/**
 * One pass over the selected statement lines: a temporary table (dropped at commit) of their sums
 * per (import, period, channel, territory, release, track). Grouping, allocation and every
 * line-based rollup then read this instead of scanning the lines again. Unmatched lines have no release.
 * With `importId`, the import's matched lines summed when it was read (statement_line_groups) are
 * added: an import's lines are those rows plus those groups (docs/royalties.md).
 */
async function aggregateLines(tx: Tx, where: SQL, importId?: number): Promise<void> {
  await tx.execute(sql`drop table if exists pg_temp.ledger_line_agg`)
  // Room to group in memory: an import's lines and groups are ~70,000 rows per million lines.
  await tx.execute(sql`set local work_mem = '64MB'`)
  const groups =
    importId === undefined
      ? sql``
      : sql`union all
        select g.import_id, g.period, g.channel, g.territory, g.release_id, g.track_id, g.lines, g.quantity, g.net_base, g.discovery_mode
        from statement_line_groups g
        where g.import_id = ${importId}`
  // Grouped first, joined to the imports after: the join runs once per group, not once per line.
  await tx.execute(sql`
    create temporary table ledger_line_agg on commit drop as
    select u.import_id, i.source, u.period, u.channel, u.territory, u.release_id, u.track_id, u.lines, u.quantity, u.net, u.discovery
    from (
      select import_id, period, channel, territory, release_id, track_id,
        sum(lines)::bigint as lines, sum(quantity)::bigint as quantity, sum(net) as net, discovery
      from (
        select l.import_id, l.period, l.channel, l.territory, l.release_id, l.track_id, 1::bigint as lines, l.quantity, l.net_base as net,
          false as discovery
        from statement_lines l
        where ${where}
        ${groups}
      ) x
      group by import_id, period, channel, territory, release_id, track_id, discovery
    ) u
    join statement_imports i on i.id = u.import_id`)
  await tx.execute(sql`analyze pg_temp.ledger_line_agg`)
}

/**
 * Rollups computed from the aggregated lines, added with `sign`. `all` (import, rollback): every
 * rollup the lines feed. `match`: the lines just matched leave `unmatched` and join the
 * track/release rollups.
 */
async function applyLineRollups(tx: Tx, tenantId: number, sign: 1 | -1, mode: 'all' | 'match') {
  const s = sql.raw(sign === 1 ? '1' : '-1')
  const from = sql`from pg_temp.ledger_line_agg a`
  if (mode === 'all') {
    await tx.execute(sql`
      insert into earnings_monthly (tenant_id, period, source, lines, quantity, net, tenant_share, unmatched, discovery_lines, discovery_net)
      select ${tenantId}, a.period, a.source, ${s} * sum(a.lines), ${s} * sum(a.quantity), ${s} * sum(a.net), 0,
        ${s} * coalesce(sum(a.net) filter (where a.release_id is null), 0),
        ${s} * coalesce(sum(a.lines) filter (where a.discovery), 0), ${s} * coalesce(sum(a.net) filter (where a.discovery), 0)
      ${from}
      group by a.period, a.source
      on conflict (tenant_id, period, source) do update set
        lines = earnings_monthly.lines + excluded.lines,
        quantity = earnings_monthly.quantity + excluded.quantity,
        net = earnings_monthly.net + excluded.net,
        unmatched = earnings_monthly.unmatched + excluded.unmatched,
        discovery_lines = earnings_monthly.discovery_lines + excluded.discovery_lines,
        discovery_net = earnings_monthly.discovery_net + excluded.discovery_net`)
    await tx.execute(sql`
      insert into earnings_channel_monthly (tenant_id, period, channel, quantity, net)
      select ${tenantId}, a.period, a.channel, ${s} * sum(a.quantity), ${s} * sum(a.net)
      ${from}
      group by a.period, a.channel
      on conflict (tenant_id, period, channel) do update set
        quantity = earnings_channel_monthly.quantity + excluded.quantity,
        net = earnings_channel_monthly.net + excluded.net`)
  } else {
    await tx.execute(sql`
      insert into earnings_monthly (tenant_id, period, source, unmatched)
      select ${tenantId}, a.period, a.source, ${s} * -sum(a.net)
      ${from}
      group by a.period, a.source
      on conflict (tenant_id, period, source) do update set unmatched = earnings_monthly.unmatched + excluded.unmatched`)
  }
  const matched = sql`${from} where a.release_id is not null`
  // The per-track rollups are not written here: their deltas are appended to
  // earnings_track_pending and folded later (track-fold.ts; the caller queues the fold with
  // queueTrackFold, and readers fold first). A rollback's fold drops the rows it empties.
  await appendTrackDeltas(tx, tenantId, sign, sign === -1)
  // Each per-release rollup is written in its key's order: a million upserts at random places of an
  // index larger than the shared buffers read and write a page each.
  await tx.execute(sql`
    insert into earnings_release_totals (tenant_id, release_id, quantity, net, discovery_net)
    select ${tenantId}, a.release_id, ${s} * sum(a.quantity), ${s} * sum(a.net), ${s} * coalesce(sum(a.net) filter (where a.discovery), 0)
    ${matched}
    group by a.release_id
    order by a.release_id
    on conflict (release_id) do update set
      quantity = earnings_release_totals.quantity + excluded.quantity,
      net = earnings_release_totals.net + excluded.net,
      discovery_net = earnings_release_totals.discovery_net + excluded.discovery_net`)
  // Per release, month, channel and territory is not written: earnings_release_detail is a view over
  // the committed imports' groups and lines (migration 0048).
}

/** Rollups computed from one ledger transaction's statement entries: account credits and the operator's share. */
async function applyEntryRollups(tx: Tx, tenantId: number, transactionId: number) {
  await tx.execute(sql`
    insert into earnings_account_monthly (tenant_id, account_id, period, amount)
    select ${tenantId}, e.account_id, e.period, sum(e.amount)
    from ledger_entries e
    where e.transaction_id = ${transactionId} and e.book = 'account' and e.period is not null
    group by e.account_id, e.period
    on conflict (account_id, period) do update set amount = earnings_account_monthly.amount + excluded.amount`)
  await tx.execute(sql`
    insert into earnings_account_totals (tenant_id, account_id, amount)
    select ${tenantId}, e.account_id, sum(e.amount)
    from ledger_entries e
    where e.transaction_id = ${transactionId} and e.book = 'account' and e.period is not null
    group by e.account_id
    on conflict (account_id) do update set amount = earnings_account_totals.amount + excluded.amount`)
  await tx.execute(sql`
    insert into earnings_monthly (tenant_id, period, source, tenant_share)
    select ${tenantId}, e.period, i.source, sum(e.amount)
    from ledger_entries e
    join statement_imports i on i.id = e.import_id
    where e.transaction_id = ${transactionId} and e.book = 'tenant' and e.period is not null
    group by e.period, i.source
    on conflict (tenant_id, period, source) do update set tenant_share = earnings_monthly.tenant_share + excluded.tenant_share`)
}

type ImportRow = {
  id: number
  source: string
  status: string
  net_base: string
}

async function lockImport(tx: Tx, tenantId: number, importId: number): Promise<ImportRow> {
  const { rows } = await tx.execute<ImportRow>(sql`
    select id, source, status, net_base::text as net_base from statement_imports
    where tenant_id = ${tenantId} and id = ${importId}
    for update`)
  if (!rows[0]) throw notFound('There is no such statement import in this workspace.')
  return rows[0]
}

/**
 * Posts a parsed import: one `import` transaction (clearing −net; per matched (track or release,
 * period) the operator's share and the payees' parts; unmatched net to suspense) and every rollup.
 * The credits (accounts + tenant + suspense) equal the import's net_base exactly. The caller moves
 * the import's status; this only writes the money.
 */
export async function postImport(
  tx: Tx,
  tenantId: number,
  importId: number,
  actorId: number | null,
): Promise<{ net: string; tenantShare: string; suspense: string; transactionId: number }> {
  const row = await lockImport(tx, tenantId, importId)
  const posted = await tx.execute<{ id: number }>(sql`
    select id from ledger_transactions where tenant_id = ${tenantId} and import_id = ${importId} and kind = 'import' limit 1`)
  if (posted.rows[0]) throw conflict('This import has already been posted to the ledger.')
  const category = categoryOf(row.source)
  const where = sql`l.tenant_id = ${tenantId} and l.import_id = ${importId}`
  await aggregateLines(tx, where, importId)
  const { rows: periods } = await tx.execute<{ period: string; net: string | null; unmatched: string | null }>(sql`
    select to_char(period, 'YYYY-MM-DD') as period, sum(net)::text as net, (sum(net) filter (where release_id is null))::text as unmatched
    from pg_temp.ledger_line_agg
    group by period
    order by period`)
  const entries = new EntrySet()
  let net = 0n
  let suspense = 0n
  for (const period of periods) {
    const periodNet = units(period.net)
    const periodUnmatched = units(period.unmatched)
    net += periodNet
    suspense += periodUnmatched
    const base = { category, importId, trackId: null, releaseId: null, period: period.period, accountId: null }
    entries.add({ ...base, book: 'clearing', amount: -periodNet })
    entries.add({ ...base, book: 'suspense', amount: periodUnmatched })
  }
  if (net !== units(row.net_base)) {
    throw new Error(`Import #${importId}: its lines sum to ${money(net)}, not the import's net ${row.net_base}`)
  }
  const transactionId = await createTransaction(tx, { tenantId, kind: 'import', importId, actorId })
  const { tenantShare } = await postMatched(tx, tenantId, transactionId, { staged: entries.list() })
  await applyLineRollups(tx, tenantId, 1, 'all')
  await sweepHolds(tx, tenantId, actorId, `Held track earnings of import #${importId}`)
  return { net: money(net), tenantShare: money(tenantShare), suspense: money(suspense), transactionId }
}

/**
 * Reverses a posted import: one `rollback` transaction negating every entry carrying the import's id
 * (its own and later `match` entries), and every rollup moved back, so the books and rollups are as
 * before the import. Nothing is deleted from the ledger. The caller moves the import's status.
 */
export async function rollbackImport(
  tx: Tx,
  tenantId: number,
  importId: number,
  actorId: number | null,
): Promise<{ transactionId: number; net: string }> {
  const row = await lockImport(tx, tenantId, importId)
  const { rows: previous } = await tx.execute<{ id: number; kind: string }>(sql`
    select id, kind from ledger_transactions
    where tenant_id = ${tenantId} and import_id = ${importId} and kind in ('import', 'rollback')
    order by id`)
  const posting = previous.find((transaction) => transaction.kind === 'import')
  if (!posting) throw conflict('This import was never posted to the ledger, so there is nothing to roll back.')
  if (previous.some((transaction) => transaction.kind === 'rollback')) throw conflict('This import has already been rolled back.')
  const transactionId = await createTransaction(tx, { tenantId, kind: 'rollback', importId, reversesId: posting.id, actorId })
  await tx.execute(sql`
    insert into ledger_entries (tenant_id, transaction_id, book, account_id, category, amount, import_id, track_id, release_id, period)
    select ${tenantId}, ${transactionId}, book, account_id, category, -sum(amount), import_id, track_id, release_id, period
    from ledger_entries
    where tenant_id = ${tenantId} and import_id = ${importId}
    group by book, account_id, category, import_id, track_id, release_id, period
    having sum(amount) <> 0`)
  await aggregateLines(tx, sql`l.tenant_id = ${tenantId} and l.import_id = ${importId}`, importId)
  await applyLineRollups(tx, tenantId, -1, 'all')
  await applyEntryRollups(tx, tenantId, transactionId)
  await dropEmptyRollups(tx, tenantId, transactionId)
  // A held track's rolled-back earnings come out of the held money, not the balance.
  await sweepHolds(tx, tenantId, actorId, `Held track earnings of rolled-back import #${importId}`)
  return { transactionId, net: row.net_base }
}

/**
 * What rolling the import back would do to each account's balance (account id → micro-units): the
 * negated sum of the account book entries carrying the import's id, as rollbackImport posts them.
 */
export async function importAccountChanges(q: Queryable, tenantId: number, importId: number): Promise<Map<number, bigint>> {
  const { rows } = await q.execute<{ account_id: number; change: string }>(sql`
    select account_id, (-sum(amount))::text as change from ledger_entries
    where tenant_id = ${tenantId} and import_id = ${importId} and book = 'account'
    group by account_id
    having sum(amount) <> 0`)
  return new Map(rows.map((row) => [Number(row.account_id), units(row.change)]))
}

/** Rollup rows an import created and its rollback emptied go away, so "before" is exactly restored. */
async function dropEmptyRollups(tx: Tx, tenantId: number, transactionId: number) {
  const { rows: keys } = await tx.execute<{ periods: string[] | null; releases: number[] | null }>(sql`
    select array_agg(distinct to_char(period, 'YYYY-MM-DD')) as periods,
      array_agg(distinct release_id) filter (where release_id is not null) as releases
    from pg_temp.ledger_line_agg`)
  const periods = keys[0]?.periods ?? []
  const releases = (keys[0]?.releases ?? []).map(Number)
  if (periods.length) {
    const inPeriods = sql`period = any(${sqlArray(periods, 'date')})`
    await tx.execute(
      sql`delete from earnings_monthly where tenant_id = ${tenantId} and ${inPeriods} and lines = 0 and quantity = 0 and net = 0 and tenant_share = 0 and unmatched = 0`,
    )
    await tx.execute(sql`delete from earnings_channel_monthly where tenant_id = ${tenantId} and ${inPeriods} and quantity = 0 and net = 0`)
  }
  if (releases.length) {
    const inReleases = sql`release_id = any(${sqlArray(releases, 'bigint')})`
    // The per-track rollups' empty rows go when the rollback's deltas are folded (track-fold.ts).
    await tx.execute(sql`delete from earnings_release_totals where tenant_id = ${tenantId} and ${inReleases} and quantity = 0 and net = 0`)
  }
  const { rows: touched } = await tx.execute<{ ids: number[] | null }>(
    sql`select array_agg(distinct account_id) as ids from ledger_entries where transaction_id = ${transactionId} and book = 'account'`,
  )
  const accountIds = (touched[0]?.ids ?? []).map(Number)
  if (accountIds.length) {
    const inAccounts = sql`account_id = any(${sqlArray(accountIds, 'bigint')})`
    await tx.execute(sql`delete from earnings_account_monthly where tenant_id = ${tenantId} and ${inAccounts} and amount = 0`)
    await tx.execute(sql`delete from earnings_account_totals where tenant_id = ${tenantId} and ${inAccounts} and amount = 0`)
  }
}

export type MatchKey = { kind: 'isrc' | 'upc'; value: string }
export type MatchSelection = { importId?: number; lineIds?: number[]; key?: MatchKey }

/** Statuses whose lines a manual match marks; only `committed` ones are posted now (the rest post at commit). */
const MARKABLE = ['uploaded', 'parsing', 'review', 'committed']

/**
 * Matches statement lines by hand to a track (and so its release) or a release: marks the lines
 * (matched_by 'manual'), remembers the key for later statements, and for lines of committed imports
 * posts a `match` transaction moving their net from suspense to the owner/payees by the posting rule.
 * Only unmatched lines move. Lines of imports being committed, cancelled, failed or rolled back are left alone.
 */
export async function matchLines(
  tx: Tx,
  tenantId: number,
  selection: MatchSelection,
  target: { trackId?: number | null; releaseId?: number | null },
  actorId: number | null,
): Promise<{ lines: number; posted: number; amount: string; transactionId: number | null; target: MatchTarget }> {
  const resolved = target.trackId
    ? await trackTarget(tx, tenantId, target.trackId)
    : target.releaseId
      ? await releaseTarget(tx, tenantId, target.releaseId)
      : null
  if (!resolved) {
    if (!target.trackId && !target.releaseId) throw badRequest('Choose a track or a release to match the lines to.')
    throw notFound(target.trackId ? 'There is no such track in this workspace.' : 'There is no such release in this workspace.')
  }
  if (!selection.key && !selection.lineIds?.length) throw badRequest('Choose the lines to match: a key or line ids.')
  const key = selection.key ? { kind: selection.key.kind, value: selection.key.value.trim().toUpperCase() } : null
  if (key && !key.value) throw badRequest('The key to match is empty.')
  const conditions: SQL[] = [sql`l.tenant_id = ${tenantId}`, sql`l.release_id is null`]
  if (selection.importId !== undefined) conditions.push(sql`l.import_id = ${selection.importId}`)
  if (selection.lineIds?.length) conditions.push(sql`l.id = any(${sqlArray(selection.lineIds, 'bigint')})`)
  if (key) conditions.push(key.kind === 'isrc' ? sql`upper(l.isrc) = ${key.value}` : sql`l.upc = ${key.value}`)
  const selected = sql.join(conditions, sql` and `)
  // Lock the imports involved so a commit or rollback cannot run between marking and posting.
  const { rows: imports } = await tx.execute<{ id: number; status: string }>(sql`
    select id, status from statement_imports
    where tenant_id = ${tenantId} and id in (select distinct l.import_id from statement_lines l where ${selected})
    order by id
    for update`)
  const markable = imports.filter((row) => MARKABLE.includes(row.status)).map((row) => row.id)
  const committed = imports.filter((row) => row.status === 'committed').map((row) => row.id)
  const { rows: marked } = markable.length
    ? await tx.execute<{ id: number; import_id: number; isrc: string | null; upc: string | null }>(sql`
        update statement_lines l set track_id = ${resolved.trackId}, release_id = ${resolved.releaseId}, matched_by = 'manual'
        where ${selected} and l.import_id = any(${sqlArray(markable, 'bigint')})
        returning l.id, l.import_id, l.isrc, l.upc`)
    : { rows: [] as { id: number; import_id: number; isrc: string | null; upc: string | null }[] }
  // Remember the key (or the lines' keys) for later statements.
  const keys = new Map<string, MatchKey>()
  if (key) keys.set(`${key.kind}|${key.value}`, key)
  else
    for (const line of marked) {
      const remembered: MatchKey | null = line.isrc
        ? { kind: 'isrc', value: line.isrc.toUpperCase() }
        : line.upc
          ? { kind: 'upc', value: line.upc }
          : null
      if (remembered) keys.set(`${remembered.kind}|${remembered.value}`, remembered)
    }
  for (const remembered of keys.values()) {
    await tx
      .insert(manualMatches)
      .values({
        tenantId,
        keyKind: remembered.kind,
        key: remembered.value,
        trackId: resolved.trackId,
        releaseId: resolved.releaseId,
        createdBy: actorId,
      })
      .onConflictDoUpdate({
        target: [manualMatches.tenantId, manualMatches.keyKind, manualMatches.key],
        set: { trackId: resolved.trackId, releaseId: resolved.releaseId, createdBy: actorId, createdAt: new Date() },
      })
  }
  // Keep the imports' match counters true.
  const perImport = new Map<number, number>()
  for (const line of marked) perImport.set(line.import_id, (perImport.get(line.import_id) ?? 0) + 1)
  for (const [id, count] of perImport) {
    await tx.execute(sql`
      update statement_imports set matched_manual = matched_manual + ${count}, unmatched = greatest(unmatched - ${count}, 0)
      where tenant_id = ${tenantId} and id = ${id}`)
  }
  const postIds = marked.filter((line) => committed.includes(line.import_id)).map((line) => line.id)
  if (postIds.length === 0) return { lines: marked.length, posted: 0, amount: money(0n), transactionId: null, target: resolved }
  await aggregateLines(tx, sql`l.tenant_id = ${tenantId} and l.id = any(${sqlArray(postIds, 'bigint')})`)
  // The transaction names its import when the lines are of one; which they are is known once they
  // are aggregated, and the transaction row must exist before its entries.
  const { rows: involved } = await tx.execute<{ imports: number[] | null }>(sql`
    select array_agg(distinct import_id) as imports from pg_temp.ledger_line_agg where release_id is not null`)
  const importIds = (involved[0]?.imports ?? []).map(Number)
  const transactionId = await createTransaction(tx, {
    tenantId,
    kind: 'match',
    importId: importIds.length === 1 ? importIds[0] : null,
    reason: key ? `${key.kind.toUpperCase()} ${key.value}` : `${postIds.length} line(s)`,
    actorId,
  })
  // The matched money leaves suspense, per (import, period), as allocated.
  const { suspense } = await postMatched(tx, tenantId, transactionId, { suspense: true })
  const amount = -suspense
  await applyLineRollups(tx, tenantId, 1, 'match')
  await sweepHolds(tx, tenantId, actorId, 'Held track earnings of matched lines')
  return { lines: marked.length, posted: postIds.length, amount: money(amount), transactionId, target: resolved }
}

export interface RememberedMatch {
  trackId: number | null
  releaseId: number
}

/** For the importer: the remembered manual matches of these ISRCs and UPCs. */
export async function lookupManualMatches(
  q: Queryable,
  tenantId: number,
  keys: { isrc?: string[]; upc?: string[] },
): Promise<{ isrc: Map<string, RememberedMatch>; upc: Map<string, RememberedMatch> }> {
  const result = { isrc: new Map<string, RememberedMatch>(), upc: new Map<string, RememberedMatch>() }
  for (const kind of ['isrc', 'upc'] as const) {
    const values = [
      ...new Set((keys[kind] ?? []).map((value) => (kind === 'isrc' ? value.trim().toUpperCase() : value.trim())).filter(Boolean)),
    ]
    for (let start = 0; start < values.length; start += 10_000) {
      const rows = await q
        .select({ key: manualMatches.key, trackId: manualMatches.trackId, releaseId: manualMatches.releaseId })
        .from(manualMatches)
        .where(
          and(
            eq(manualMatches.tenantId, tenantId),
            eq(manualMatches.keyKind, kind),
            inArray(manualMatches.key, values.slice(start, start + 10_000)),
          ),
        )
      for (const row of rows) result[kind].set(row.key, { trackId: row.trackId, releaseId: row.releaseId })
    }
  }
  return result
}

/** Sum of entries (for checks and tests): per book, or of everything. */
export async function ledgerSum(q: Queryable, tenantId: number, where: SQL = sql`true`): Promise<string> {
  const { rows } = await q.execute<{ total: string | null }>(
    sql`select sum(amount)::text as total from ${ledgerEntries} where ${ledgerEntries.tenantId} = ${tenantId} and ${where}`,
  )
  return money(units(rows[0]?.total))
}
