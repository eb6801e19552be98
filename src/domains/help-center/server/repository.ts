import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { Queryable } from '@server/db/engine'
import { likePattern, MIN_FUZZY_LENGTH } from '@server/search'
import { helpMessages, helpThreads } from './schema'

export async function insertThread(db: Queryable, row: typeof helpThreads.$inferInsert) {
  const [thread] = await db.insert(helpThreads).values(row).returning()
  return thread
}

export async function insertMessage(db: Queryable, row: typeof helpMessages.$inferInsert) {
  const [message] = await db.insert(helpMessages).values(row).returning()
  return message
}

export interface ThreadFilter {
  tenantId: number
  accountId?: number
  status?: string
  search?: string
}

function where(filter: ThreadFilter): SQL {
  const conditions: SQL[] = [sql`h.tenant_id = ${filter.tenantId}`]
  if (filter.accountId) conditions.push(sql`h.account_id = ${filter.accountId}`)
  if (filter.status) conditions.push(sql`h.status = ${filter.status}`)
  const text = filter.search?.trim()
  if (text) {
    const idMatch = /^#?(\d{1,15})$/.exec(text)
    if (idMatch) conditions.push(sql`h.id = ${Number(idMatch[1])}`)
    else if (text.length >= MIN_FUZZY_LENGTH) conditions.push(sql`h.subject ilike ${likePattern(text)}`)
    else conditions.push(sql`h.subject = ${text}`)
  }
  return sql`where ${sql.join(conditions, sql` and `)}`
}

export const threadsFrom = (filter: ThreadFilter) => sql`from help_threads h ${where(filter)}`

export type ThreadRow = {
  id: number
  subject: string
  status: string
  account_id: number
  email: string
  first_name: string
  last_name: string
  last_message_at: Date | string
  created_at: Date | string
  last_body: string | null
  last_from_support: boolean | null
  message_count: number
}

// help_threads_tenant_recent_idx / help_threads_account_idx: (tenant, [account,] last_message_at DESC).
const LATEST_FIRST = sql`h.last_message_at desc, h.id desc`

const withDetails = (from: SQL) => sql`
  select h.id, h.subject, h.status, h.account_id, a.email, a.first_name, a.last_name, h.last_message_at, h.created_at,
    last.body as last_body, last.from_support as last_from_support,
    (select count(*)::int from help_messages m where m.thread_id = h.id) as message_count
  ${from}
  join accounts a on a.id = h.account_id and a.tenant_id = h.tenant_id
  left join lateral (
    select m.body, m.from_support from help_messages m where m.thread_id = h.id order by m.created_at desc, m.id desc limit 1
  ) last on true`

export async function threadPage(db: Queryable, filter: ThreadFilter, page: number, perPage: number): Promise<ThreadRow[]> {
  const result = await db.execute<ThreadRow>(sql`
    with page as (
      select h.id from help_threads h ${where(filter)} order by ${LATEST_FIRST} limit ${perPage} offset ${(page - 1) * perPage}
    )
    ${withDetails(sql`from page join help_threads h on h.id = page.id`)}
    order by ${LATEST_FIRST}`)
  return result.rows
}

export async function threadById(db: Queryable, tenantId: number, id: number): Promise<ThreadRow | null> {
  const result = await db.execute<ThreadRow>(sql`${withDetails(sql`from help_threads h`)} where h.tenant_id = ${tenantId} and h.id = ${id}`)
  return result.rows[0] ?? null
}

export type MessageRow = {
  id: number
  body: string
  from_support: boolean
  account_id: number | null
  first_name: string | null
  last_name: string | null
  email: string | null
  created_at: Date | string
  file_id: number | null
  file_name: string | null
  file_size: number | null
}

export async function messagesOf(db: Queryable, tenantId: number, threadId: number): Promise<MessageRow[]> {
  const result = await db.execute<MessageRow>(sql`
    select m.id, m.body, m.from_support, m.account_id, a.first_name, a.last_name, a.email, m.created_at,
      m.file_id, f.original_name as file_name, f.size as file_size
    from help_messages m
    left join accounts a on a.id = m.account_id and a.tenant_id = m.tenant_id
    left join files f on f.id = m.file_id and f.tenant_id = m.tenant_id
    where m.tenant_id = ${tenantId} and m.thread_id = ${threadId}
    order by m.created_at, m.id`)
  return result.rows
}

export async function lockThread(db: Queryable, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(helpThreads)
    .where(and(eq(helpThreads.tenantId, tenantId), eq(helpThreads.id, id)))
    .for('update')
  return row ?? null
}

export async function updateThread(db: Queryable, tenantId: number, id: number, patch: Partial<typeof helpThreads.$inferInsert>) {
  await db
    .update(helpThreads)
    .set(patch)
    .where(and(eq(helpThreads.tenantId, tenantId), eq(helpThreads.id, id)))
}
