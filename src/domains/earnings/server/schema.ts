import { sql } from 'drizzle-orm'
import { bigint, boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { accounts, files, tenantColumn } from '@server/db/schema/platform'
import { at, createdAt, idColumn, ref } from '@server/db/schema/columns'

// The royalties tables. Rules (rounding, statuses, ledger books): docs/royalties.md.
// Money: statement amounts keep 10 places, ledger and rollup amounts 6 (micro-units); never floats.

const money = (name: string) => numeric(name, { precision: 24, scale: 6 })
const lineMoney = (name: string) => numeric(name, { precision: 28, scale: 10 })

/** Rates per currency and month: units of the base currency (USD) for one unit of `currency`. */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    currency: text('currency').notNull(),
    /** First day of the month. */
    period: date('period').notNull(),
    rate: numeric('rate', { precision: 20, scale: 10 }).notNull(),
    createdBy: ref('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('exchange_rates_unique_idx').on(t.tenantId, t.currency, t.period),
    check('exchange_rates_rate_check', sql`${t.rate} > 0`),
  ],
)

/**
 * One statement file and its import job: uploaded → parsing → review (dry run ready) →
 * committing → committed, or cancelled / failed; a committed import can be rolled_back.
 */
export const statementImports = pgTable(
  'statement_imports',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    /** cms | audiosalad */
    source: text('source').notNull(),
    status: text('status').notNull().default('uploaded'),
    fileId: ref('file_id').references(() => files.id),
    fileName: text('file_name').notNull(),
    /** sha256 of the file's bytes, hex. */
    contentHash: text('content_hash').notNull(),
    /** The statement's month (first day); lines may carry their own month inside it. */
    period: date('period').notNull(),
    currency: text('currency').notNull(),
    /** The rate used (base units per statement unit); 1 for the base currency. */
    exchangeRate: numeric('exchange_rate', { precision: 20, scale: 10 }),
    /** Column mapping used: our field → the file's header. */
    mapping: jsonb('mapping').notNull().default({}).$type<Record<string, string>>(),
    /** The columns the file's header resolved to (field → index), to read line blocks back. */
    lineColumns: jsonb('line_columns').$type<Record<string, number>>(),
    rows: integer('rows').notNull().default(0),
    matchedIsrc: integer('matched_isrc').notNull().default(0),
    matchedUpc: integer('matched_upc').notNull().default(0),
    matchedManual: integer('matched_manual').notNull().default(0),
    unmatched: integer('unmatched').notNull().default(0),
    /** In the statement's currency. */
    gross: lineMoney('gross').notNull().default('0'),
    net: lineMoney('net').notNull().default('0'),
    /** In the base currency: what the ledger credits, exactly. */
    netBase: money('net_base').notNull().default('0'),
    /** Dry-run extras (previous period comparison, per-channel totals, ...). */
    report: jsonb('report').notNull().default({}).$type<Record<string, unknown>>(),
    error: text('error'),
    jobId: ref('job_id'),
    createdBy: ref('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    committedBy: ref('committed_by').references(() => accounts.id, { onDelete: 'set null' }),
    committedAt: at('committed_at'),
    cancelledAt: at('cancelled_at'),
    rolledBackBy: ref('rolled_back_by').references(() => accounts.id, { onDelete: 'set null' }),
    rolledBackAt: at('rolled_back_at'),
  },
  (t) => [
    index('statement_imports_history_idx').on(t.tenantId, t.source, t.createdAt.desc(), t.id.desc()),
    // The same file cannot be imported twice while an earlier import of it stands.
    uniqueIndex('statement_imports_hash_idx')
      .on(t.tenantId, t.contentHash)
      .where(sql`${t.status} not in ('cancelled', 'failed', 'rolled_back')`),
    check('statement_imports_source_check', sql`${t.source} in ('cms', 'audiosalad')`),
    check(
      'statement_imports_status_check',
      sql`${t.status} in ('uploaded', 'parsing', 'review', 'committing', 'committed', 'cancelled', 'failed', 'rolled_back')`,
    ),
  ],
)

/**
 * Statement lines kept one row each: the lines that matched nothing when the statement was read (so
 * they can be listed and matched by hand), and every line of imports read before line blocks existed.
 */
export const statementLines = pgTable(
  'statement_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: ref('tenant_id').notNull(),
    // No foreign key: the check cost a quarter of the database's time per inserted line, and imports
    // are never deleted (their lines are dropped by the import code itself on cancel).
    importId: ref('import_id').notNull(),
    lineNo: integer('line_no').notNull(),
    period: date('period').notNull(),
    isrc: text('isrc'),
    upc: text('upc'),
    title: text('title'),
    artist: text('artist'),
    /** Store or revenue channel as the file names it (labels: src/core/channels.ts). */
    channel: text('channel').notNull().default(''),
    /** ISO 3166 alpha-2, or '' when the file has none. */
    territory: text('territory').notNull().default(''),
    quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
    gross: lineMoney('gross').notNull().default('0'),
    net: lineMoney('net').notNull().default('0'),
    /** net × the import's rate, rounded half-even to 6 places. */
    netBase: money('net_base').notNull().default('0'),
    trackId: ref('track_id'),
    releaseId: ref('release_id'),
    /** isrc | upc | manual, null while unmatched. */
    matchedBy: text('matched_by'),
  },
  (t) => [
    index('statement_lines_import_idx').on(t.importId, t.lineNo),
    index('statement_lines_unmatched_idx')
      .on(t.tenantId, t.importId, t.id)
      .where(sql`${t.releaseId} is null`),
    // Lines matched by hand after the statement was read: earnings_release_detail reads them per release.
    index('statement_lines_release_idx')
      .on(t.tenantId, t.releaseId, t.period)
      .where(sql`${t.releaseId} is not null`),
  ],
)

/**
 * Where the lines of a statement that matched a track or release when it was read are: the stored
 * file itself, a block of up to 1,000 matched lines per row. A block covers the bytes
 * byte_start..byte_end of the file, the records first_line..last_line; `data` (JSON) says, record by
 * record, whether it is one of the block's lines and how it matched (`m`: "i" ISRC, "u" UPC, "m"
 * manual, "-" not in the block), with the track (`t`, 0 for none) and release (`r`) of each. Lines
 * that did not match are rows of statement_lines instead (matched by hand later); an import's lines
 * are both together. A block is read back by converting its bytes again with the import's columns
 * and rate (./imports/line-blocks.ts), so a matched line costs the database a few bytes, never a
 * row of its own (docs/decisions.md, "Statement imports at a million lines").
 */
export const statementLineBlocks = pgTable(
  'statement_line_blocks',
  {
    importId: ref('import_id').notNull(),
    blockNo: integer('block_no').notNull(),
    tenantId: ref('tenant_id').notNull(),
    firstLine: integer('first_line').notNull(),
    lastLine: integer('last_line').notNull(),
    lines: integer('lines').notNull(),
    byteStart: bigint('byte_start', { mode: 'number' }).notNull(),
    byteEnd: bigint('byte_end', { mode: 'number' }).notNull(),
    data: text('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.blockNo] })],
)

/**
 * The matched lines of statement_line_blocks summed per (period, channel, territory, release,
 * track): what posting and the rollups read. The reader writes one row per key (since session 39;
 * imports read before it may hold partial sums that share a key, so readers group).
 */
export const statementLineGroups = pgTable(
  'statement_line_groups',
  {
    tenantId: ref('tenant_id').notNull(),
    importId: ref('import_id').notNull(),
    period: date('period').notNull(),
    channel: text('channel').notNull(),
    territory: text('territory').notNull(),
    releaseId: ref('release_id').notNull(),
    trackId: ref('track_id'),
    lines: bigint('lines', { mode: 'number' }).notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    netBase: money('net_base').notNull(),
    /** Its track (or release) was in Spotify Discovery Mode that month: tagged when the statement is read. */
    discoveryMode: boolean('discovery_mode').notNull().default(false),
  },
  (t) => [
    index('statement_line_groups_import_idx').on(t.importId),
    // earnings_release_detail (a view over the groups of committed imports) is read per release and month.
    index('statement_line_groups_release_idx').on(t.tenantId, t.releaseId, t.period),
  ],
)

/** A match made by hand for an ISRC or UPC no track carries; remembered for later statements. */
export const manualMatches = pgTable(
  'statement_manual_matches',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    /** isrc | upc */
    keyKind: text('key_kind').notNull(),
    key: text('key').notNull(),
    trackId: ref('track_id'),
    releaseId: ref('release_id').notNull(),
    createdBy: ref('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('statement_manual_matches_key_idx').on(t.tenantId, t.keyKind, t.key)],
)

/** A balanced group of ledger entries (their amounts sum to zero). Never updated, never deleted. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    /** import | rollback | match | adjustment | publishing | payout */
    kind: text('kind').notNull(),
    importId: ref('import_id').references(() => statementImports.id),
    /** The transaction this one reverses, for rollbacks. */
    reversesId: ref('reverses_id'),
    reason: text('reason').notNull().default(''),
    createdBy: ref('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_transactions_import_idx').on(t.importId),
    index('ledger_transactions_tenant_idx').on(t.tenantId, t.createdAt.desc()),
  ],
)

/**
 * Append-only, double-entry: every transaction's entries sum to zero. Books: `account` (an artist's
 * or label's balance, account_id set), `tenant` (the operator's share), `suspense` (unmatched
 * statement money), `clearing` (what the stores paid: the negative side of imports), `payouts`
 * (money paid out), `held` (a held track's earnings, kept out of the balances until released:
 * ledger/holds.ts). Categories name the balance line: earnings, sales, adjustment, publishing, payouts, held.
 */
/**
 * A recoupable debt: the shortfall an admin confirmed when a rollback or a manual adjustment took an
 * account's balance below zero (docs/royalties.md "Recoupable debts"). The ledger keeps the negative
 * balance; this row records why, how much, who confirmed it and the reason. While the balance is
 * below zero withdrawals are refused, and later credits repay the oldest debts first.
 */
export const accountDebts = pgTable(
  'account_debts',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The shortfall recorded: how far below zero this event took the balance, six places. */
    amount: money('amount').notNull(),
    /** rollback | adjustment | migrated (balances already below zero when debts began to be recorded). */
    source: text('source').notNull(),
    importId: ref('import_id').references(() => statementImports.id),
    /** The ledger transaction that took the balance below zero. */
    transactionId: ref('transaction_id').references(() => ledgerTransactions.id),
    reason: text('reason').notNull(),
    createdBy: ref('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('account_debts_account_idx').on(t.tenantId, t.accountId, t.createdAt, t.id),
    check('account_debts_amount_check', sql`${t.amount} > 0`),
    check('account_debts_source_check', sql`${t.source} in ('rollback', 'adjustment', 'migrated')`),
  ],
)

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: ref('tenant_id').notNull(),
    // No foreign key: a statement-level trigger checks the statement's transactions once each and
    // locks them as the key did (migration 0053; a key checked each of a commit's 950,000 entries, ~3-5 s).
    transactionId: ref('transaction_id').notNull(),
    book: text('book').notNull(),
    accountId: ref('account_id'),
    category: text('category').notNull(),
    amount: money('amount').notNull(),
    importId: ref('import_id'),
    trackId: ref('track_id'),
    releaseId: ref('release_id'),
    period: date('period'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId, t.category),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    index('ledger_entries_import_idx').on(t.importId),
    // No (tenant, book, category) index: no read used it (session 40), and each posted entry wrote it.
    // A held track's entries are summed per account at every posting while the hold stands (ledger/holds.ts).
    index('ledger_entries_track_idx').on(t.tenantId, t.trackId),
    check('ledger_entries_book_check', sql`${t.book} in ('account', 'tenant', 'suspense', 'clearing', 'payouts', 'held')`),
    check('ledger_entries_account_book_check', sql`(${t.book} = 'account') = (${t.accountId} is not null)`),
  ],
)

// Rollups: kept current by the posting code (import commit, match, rollback) in the same
// transaction as the ledger entries, so the earnings screens read small tables at any volume.

/** Per month and source: what the statements said and how it was shared. */
export const earningsMonthly = pgTable(
  'earnings_monthly',
  {
    tenantId: ref('tenant_id').notNull(),
    period: date('period').notNull(),
    source: text('source').notNull(),
    lines: bigint('lines', { mode: 'number' }).notNull().default(0),
    quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
    /** Statement net in the base currency. */
    net: money('net').notNull().default('0'),
    /** The operator's share (admin fee). */
    tenantShare: money('tenant_share').notNull().default('0'),
    unmatched: money('unmatched').notNull().default('0'),
    /** Lines and net of tracks in Spotify Discovery Mode that month (tagged when read; docs/discovery.md). */
    discoveryLines: bigint('discovery_lines', { mode: 'number' }).notNull().default(0),
    discoveryNet: money('discovery_net').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.period, t.source] })],
)

/** Per account and month: what the ledger credited the account from statements. */
export const earningsAccountMonthly = pgTable(
  'earnings_account_monthly',
  {
    tenantId: ref('tenant_id').notNull(),
    accountId: ref('account_id').notNull(),
    period: date('period').notNull(),
    amount: money('amount').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.period] }), index('earnings_account_monthly_period_idx').on(t.tenantId, t.period)],
)

/** Per account, all time: the top-accounts list without scanning months. */
export const earningsAccountTotals = pgTable(
  'earnings_account_totals',
  {
    tenantId: ref('tenant_id').notNull(),
    accountId: ref('account_id').primaryKey(),
    amount: money('amount').notNull().default('0'),
  },
  (t) => [index('earnings_account_totals_rank_idx').on(t.tenantId, t.amount.desc(), t.accountId)],
)

/** Per track and month (track 0 for lines matched by UPC only). */
export const earningsTrackMonthly = pgTable(
  'earnings_track_monthly',
  {
    tenantId: ref('tenant_id').notNull(),
    releaseId: ref('release_id').notNull(),
    trackId: ref('track_id').notNull(),
    period: date('period').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
    net: money('net').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.releaseId, t.trackId, t.period] }), index('earnings_track_monthly_period_idx').on(t.tenantId, t.period)],
)

/** Per release and per track, all time, ranked for the top lists. */
export const earningsReleaseTotals = pgTable(
  'earnings_release_totals',
  {
    tenantId: ref('tenant_id').notNull(),
    releaseId: ref('release_id').primaryKey(),
    quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
    net: money('net').notNull().default('0'),
    /** The part of net from months its tracks were in Spotify Discovery Mode. */
    discoveryNet: money('discovery_net').notNull().default('0'),
  },
  (t) => [index('earnings_release_totals_rank_idx').on(t.tenantId, t.net.desc(), t.releaseId)],
)
export const earningsTrackTotals = pgTable(
  'earnings_track_totals',
  {
    tenantId: ref('tenant_id').notNull(),
    trackId: ref('track_id').primaryKey(),
    releaseId: ref('release_id').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
    net: money('net').notNull().default('0'),
  },
  (t) => [index('earnings_track_totals_rank_idx').on(t.tenantId, t.net.desc(), t.trackId)],
)

/**
 * Per-track deltas committed but not yet added to earnings_track_monthly and earnings_track_totals
 * (ledger/track-fold.ts): an import's commit, its rollback and a manual match append their
 * per-(release, track, period) sums here in their own transaction; a fold (a job the commit queues,
 * and every reader of the two rollups first) adds them and deletes exactly the rows it added. Money
 * is the lines' base net (six places), so the sums are the commit's to the micro-unit. Appends must
 * stay cheap: one index.
 */
export const earningsTrackPending = pgTable(
  'earnings_track_pending',
  {
    tenantId: ref('tenant_id').notNull(),
    releaseId: ref('release_id').notNull(),
    /** 0 for lines matched by UPC only, as in earnings_track_monthly. */
    trackId: ref('track_id').notNull(),
    period: date('period').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    net: money('net').notNull(),
    /** A rollback's rows: once folded, the rollup rows of their releases left at zero go. */
    dropEmpty: boolean('drop_empty').notNull().default(false),
  },
  (t) => [index('earnings_track_pending_tenant_idx').on(t.tenantId)],
)

/** Per channel and month. */
export const earningsChannelMonthly = pgTable(
  'earnings_channel_monthly',
  {
    tenantId: ref('tenant_id').notNull(),
    period: date('period').notNull(),
    channel: text('channel').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
    net: money('net').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.period, t.channel] })],
)

/*
 * Per release, month, channel and territory (the release tab's sales sections) is not a table any
 * more: `earnings_release_detail` is a view (migration 0048, hand-written) summing the matched lines
 * of committed imports, statement_line_groups plus the lines matched by hand (statement_lines with a
 * release), read per release through statement_line_groups_release_idx. A commit no longer writes a
 * row per (release, month, channel, territory); docs/decisions.md, "Session 35 (item 1)".
 */

/**
 * A track whose earnings are held (a suspicious spike, artificial streams): while `released_at` is
 * null, every account's net of the track's entries is moved to the `held` book (ledger/holds.ts), so
 * balances and payouts leave it out; releasing moves it back. At most one standing hold per track.
 */
export const earningsHolds = pgTable(
  'earnings_holds',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    trackId: ref('track_id').notNull(),
    reason: text('reason').notNull(),
    heldBy: ref('held_by').references(() => accounts.id, { onDelete: 'set null' }),
    heldAt: at('held_at').notNull().defaultNow(),
    releasedBy: ref('released_by').references(() => accounts.id, { onDelete: 'set null' }),
    releasedAt: at('released_at'),
    releaseReason: text('release_reason'),
  },
  (t) => [
    uniqueIndex('earnings_holds_standing_idx')
      .on(t.tenantId, t.trackId)
      .where(sql`${t.releasedAt} is null`),
    index('earnings_holds_tenant_idx').on(t.tenantId, t.heldAt.desc(), t.id),
  ],
)
