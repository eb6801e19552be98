import { and, asc, count, desc, eq, ilike, ne, sql, type SQL } from 'drizzle-orm'
import sharp from 'sharp'
import type { NewsInput, NewsItem } from '@contract/news'
import type { EndpointResult, Endpoints, UploadedFile } from '@contract/index'
import { slugify, type NewsStatus } from '@core/news'
import type { AuthedContext, Services } from '@server/context'
import type { Queryable } from '@server/db/engine'
import { auditedMutation } from '@server/audit'
import { countCapped, pageMeta } from '@server/db/paging'
import { conflict, fieldError, HttpError, notFound } from '@server/errors'
import { files } from '@server/db/schema/platform'
import { likePattern } from '@server/search'
import { newsCategories, newsPosts } from './schema'
import { sanitizeNewsHtml } from './sanitize'

/** The job that publishes a scheduled post at its publish date. */
export const PUBLISH_JOB = 'news.publish'
/** Embedded images are resized to fit this box: enough for a wide screen, light enough for a post. */
const IMAGE_BOX = 1600

type Post = typeof newsPosts.$inferSelect
type ListQuery = { page: number; per_page: number; search?: string; status?: NewsStatus; category?: number; featured?: 'true' | 'false' }

const POST_COLUMNS = {
  post: newsPosts,
  categoryName: newsCategories.name,
}

function itemOf(row: { post: Post; categoryName: string | null }): NewsItem {
  const { post } = row
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    status: post.status,
    visible: post.status === 'published',
    featured: post.featured,
    category: post.categoryId !== null && row.categoryName !== null ? { id: post.categoryId, name: row.categoryName } : null,
    featuredImg: post.featuredImg,
    coverImg: post.coverImg,
    publishDate: post.publishDate ? post.publishDate.toISOString() : null,
    date: post.createdAt.toISOString(),
    updatedDate: post.updatedAt.toISOString(),
  }
}

const snapshot = (post: Post) => ({
  title: post.title,
  slug: post.slug,
  status: post.status,
  featured: post.featured,
  categoryId: post.categoryId,
  publishDate: post.publishDate,
  contentLength: post.content.length,
})

export async function listNews(ctx: AuthedContext, query: ListQuery): Promise<EndpointResult<Endpoints['news.list']>> {
  const { db } = ctx.services
  const tenantId = ctx.tenant.id
  const where: SQL[] = [eq(newsPosts.tenantId, tenantId)]
  // Under three characters a trigram index cannot help, so a short search matches the start of the title.
  if (query.search)
    where.push(ilike(newsPosts.title, query.search.length >= 3 ? likePattern(query.search) : `${query.search.replace(/[\\%_]/g, '\\$&')}%`))
  if (query.status) where.push(eq(newsPosts.status, query.status))
  if (query.category) where.push(eq(newsPosts.categoryId, query.category))
  if (query.featured) where.push(eq(newsPosts.featured, query.featured === 'true'))
  const condition = and(...where)
  const { total, estimate } = await countCapped(db, sql`from ${newsPosts} where ${condition}`)
  const rows = await db
    .select(POST_COLUMNS)
    .from(newsPosts)
    .leftJoin(newsCategories, and(eq(newsCategories.id, newsPosts.categoryId), eq(newsCategories.tenantId, tenantId)))
    .where(condition)
    .orderBy(desc(newsPosts.createdAt), desc(newsPosts.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
  return { data: rows.map(itemOf), meta: pageMeta(total, estimate, query.page, query.per_page) }
}

async function findPost(db: Queryable, tenantId: number, id: number) {
  const [row] = await db
    .select(POST_COLUMNS)
    .from(newsPosts)
    .leftJoin(newsCategories, and(eq(newsCategories.id, newsPosts.categoryId), eq(newsCategories.tenantId, tenantId)))
    .where(and(eq(newsPosts.id, id), eq(newsPosts.tenantId, tenantId)))
  return row ?? null
}

export async function singleNews(ctx: AuthedContext, id: number) {
  const row = await findPost(ctx.services.db, ctx.tenant.id, id)
  if (!row) throw notFound('There is no such post.')
  return { ...itemOf(row), content: row.post.content }
}

/** Published posts for artists and labels: featured first on the first page, then newest. */
export async function publishedNews(ctx: AuthedContext, query: { page: number; category?: number }) {
  const { db } = ctx.services
  const tenantId = ctx.tenant.id
  const perPage = 10
  const where = and(
    eq(newsPosts.tenantId, tenantId),
    eq(newsPosts.status, 'published'),
    query.category ? eq(newsPosts.categoryId, query.category) : undefined,
  )
  const { total, estimate } = await countCapped(db, sql`from ${newsPosts} where ${where}`)
  const rows = await db
    .select(POST_COLUMNS)
    .from(newsPosts)
    .leftJoin(newsCategories, and(eq(newsCategories.id, newsPosts.categoryId), eq(newsCategories.tenantId, tenantId)))
    .where(where)
    .orderBy(desc(newsPosts.featured), desc(newsPosts.publishDate), desc(newsPosts.id))
    .limit(perPage)
    .offset((query.page - 1) * perPage)
  return {
    data: rows.map((row) => {
      const { status: _status, visible: _visible, ...item } = itemOf(row)
      return { ...item, content: row.post.content }
    }),
    meta: pageMeta(total, estimate, query.page, perPage),
  }
}

/** The first free slug from `base` in this workspace: base, base-2, base-3, … */
async function freeSlug(db: Queryable, tenantId: number, base: string, exceptId: number | null): Promise<string> {
  const root = base || 'post'
  const taken = await db
    .select({ slug: newsPosts.slug })
    .from(newsPosts)
    .where(
      and(
        eq(newsPosts.tenantId, tenantId),
        sql`(${newsPosts.slug} = ${root} or ${newsPosts.slug} like ${`${root.replace(/[\\%_]/g, '\\$&')}-%`})`,
        exceptId === null ? undefined : ne(newsPosts.id, exceptId),
      ),
    )
  const used = new Set(taken.map((row) => row.slug))
  if (!used.has(root)) return root
  for (let n = 2; ; n += 1) if (!used.has(`${root}-${n}`)) return `${root}-${n}`
}

async function checkCategory(db: Queryable, tenantId: number, id: number | null) {
  if (id === null) return
  const [row] = await db
    .select({ id: newsCategories.id })
    .from(newsCategories)
    .where(and(eq(newsCategories.id, id), eq(newsCategories.tenantId, tenantId)))
  if (!row) throw fieldError('categoryId', 'Choose a category of this workspace')
}

/** A post's images must be files of this workspace (embed-image answered their addresses). */
async function checkImages(db: Queryable, tenantId: number, urls: (string | null)[]) {
  for (const url of urls) {
    if (!url) continue
    const id = Number(url.slice('/api/files/'.length))
    const [row] = await db
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.id, id), eq(files.tenantId, tenantId)))
    if (!row) throw fieldError('featuredImg', 'Upload the image again: it is not a file of this workspace')
  }
}

/** What the post's status and publish date become: a future date schedules it, none or a past one publishes now. */
function decideStatus(input: { status: 'draft' | 'published'; publishDate: Date | null }, now: Date, before: Post | null) {
  if (input.status === 'draft') return { status: 'draft' as const, publishDate: input.publishDate }
  if (input.publishDate && input.publishDate.getTime() > now.getTime())
    return { status: 'scheduled' as const, publishDate: input.publishDate }
  // Re-saving a published post keeps its original publish date.
  const publishDate =
    before?.status === 'published' && before.publishDate && !input.publishDate ? before.publishDate : (input.publishDate ?? now)
  return { status: 'published' as const, publishDate }
}

type SaveBody = Omit<NewsInput, 'publishDate' | 'categoryId' | 'featuredImg' | 'coverImg'> & {
  publishDate: Date | null
  categoryId: number | null
  featuredImg: string | null
  coverImg: string | null
}

/** The columns a save writes, the same on create and edit. */
function postFields(body: SaveBody, decided: { slug: string; content: string; status: NewsStatus; publishDate: Date | null }) {
  return {
    title: body.title,
    categoryId: body.categoryId,
    featuredImg: body.featuredImg,
    coverImg: body.coverImg,
    featured: body.featured,
    ...decided,
  }
}

function messageFor(status: NewsStatus, publishDate: Date | null) {
  if (status === 'scheduled') return `Post scheduled for ${publishDate?.toISOString().slice(0, 16).replace('T', ' ')} UTC.`
  return status === 'published' ? 'Post published.' : 'Draft saved.'
}

export async function createNews(ctx: AuthedContext, body: SaveBody) {
  const tenantId = ctx.tenant.id
  const content = sanitizeNewsHtml(body.content)
  const { status, publishDate } = decideStatus(body, ctx.services.now(), null)
  return auditedMutation(ctx, { action: 'news.created', entityType: 'news' }, async (tx) => {
    await checkCategory(tx, tenantId, body.categoryId)
    await checkImages(tx, tenantId, [body.featuredImg, body.coverImg])
    const slug = body.slug ? await ownSlug(tx, tenantId, body.slug, null) : await freeSlug(tx, tenantId, slugify(body.title), null)
    const [post] = await tx
      .insert(newsPosts)
      .values({ tenantId, ...postFields(body, { slug, content, status, publishDate }), createdBy: ctx.session.account.id })
      .returning()
    if (status === 'scheduled') await schedule(ctx.services, tx, post)
    return {
      result: { id: post.id, slug: post.slug, status, message: messageFor(status, publishDate) },
      entityId: post.id,
      after: snapshot(post),
    }
  })
}

/** A slug the editor typed: refused when another post of the workspace has it. */
async function ownSlug(db: Queryable, tenantId: number, slug: string, exceptId: number | null) {
  const [taken] = await db
    .select({ id: newsPosts.id })
    .from(newsPosts)
    .where(and(eq(newsPosts.tenantId, tenantId), eq(newsPosts.slug, slug), exceptId === null ? undefined : ne(newsPosts.id, exceptId)))
  if (taken) throw fieldError('slug', 'Another post already has this slug')
  return slug
}

function schedule(services: Services, db: Queryable, post: Post) {
  return services.jobs.enqueue(db, {
    type: PUBLISH_JOB,
    tenantId: post.tenantId,
    payload: { id: post.id },
    runAt: post.publishDate ?? new Date(),
  })
}

export async function editNews(ctx: AuthedContext, body: SaveBody & { id: number }) {
  const tenantId = ctx.tenant.id
  const content = sanitizeNewsHtml(body.content)
  return auditedMutation(
    ctx,
    { action: 'news.edited', entityType: 'news', lock: { table: newsPosts, id: body.id, tenantId, missing: 'There is no such post.' } },
    async (tx) => {
      const [before] = await tx
        .select()
        .from(newsPosts)
        .where(and(eq(newsPosts.id, body.id), eq(newsPosts.tenantId, tenantId)))
      await checkCategory(tx, tenantId, body.categoryId)
      await checkImages(tx, tenantId, [body.featuredImg, body.coverImg])
      const { status, publishDate } = decideStatus(body, ctx.services.now(), before)
      // The slug stays when the title changes, so addresses already shared keep working.
      const slug = body.slug && body.slug !== before.slug ? await ownSlug(tx, tenantId, body.slug, body.id) : before.slug
      const [post] = await tx
        .update(newsPosts)
        .set({ ...postFields(body, { slug, content, status, publishDate }), updatedAt: new Date() })
        .where(and(eq(newsPosts.id, body.id), eq(newsPosts.tenantId, tenantId)))
        .returning()
      // A job of an earlier schedule finds the post not yet due and does nothing (publishDue).
      if (status === 'scheduled' && (before.status !== 'scheduled' || before.publishDate?.getTime() !== publishDate?.getTime()))
        await schedule(ctx.services, tx, post)
      return {
        result: { id: post.id, slug: post.slug, status, message: messageFor(status, publishDate) },
        before: snapshot(before),
        after: snapshot(post),
      }
    },
  )
}

/** Publish now (no date, or a past one) or schedule (a future date), keeping everything else of the post. */
export async function publishNews(ctx: AuthedContext, id: number, at: Date | null) {
  const tenantId = ctx.tenant.id
  return auditedMutation(
    ctx,
    { action: 'news.publish_requested', entityType: 'news', lock: { table: newsPosts, id, tenantId, missing: 'There is no such post.' } },
    async (tx) => {
      const [before] = await tx
        .select()
        .from(newsPosts)
        .where(and(eq(newsPosts.id, id), eq(newsPosts.tenantId, tenantId)))
      const { status, publishDate } = decideStatus({ status: 'published', publishDate: at }, ctx.services.now(), before)
      const [post] = await tx
        .update(newsPosts)
        .set({ status, publishDate, updatedAt: new Date() })
        .where(and(eq(newsPosts.id, id), eq(newsPosts.tenantId, tenantId)))
        .returning()
      if (status === 'scheduled' && (before.status !== 'scheduled' || before.publishDate?.getTime() !== publishDate?.getTime()))
        await schedule(ctx.services, tx, post)
      return {
        result: { id: post.id, slug: post.slug, status, message: messageFor(status, publishDate) },
        before: snapshot(before),
        after: snapshot(post),
      }
    },
  )
}

export async function removeNews(ctx: AuthedContext, id: number) {
  const tenantId = ctx.tenant.id
  return auditedMutation(
    ctx,
    { action: 'news.removed', entityType: 'news', lock: { table: newsPosts, id, tenantId, missing: 'There is no such post.' } },
    async (tx) => {
      const [before] = await tx
        .delete(newsPosts)
        .where(and(eq(newsPosts.id, id), eq(newsPosts.tenantId, tenantId)))
        .returning()
      return { result: { ok: true as const, message: `Post “${before.title}” deleted.` }, before: snapshot(before) }
    },
  )
}

/**
 * The publish job: a scheduled post whose date has come becomes published. A job left over from an
 * earlier schedule (the date was moved later, or the post went back to draft) finds nothing to do.
 */
export async function publishDue(services: Services, tenantId: number, id: number): Promise<boolean> {
  const actor = { tenantId, actorAccountId: null }
  return auditedMutation({ db: services.db, actor }, { action: 'news.published', entityType: 'news', entityId: id }, async (tx) => {
    const [post] = await tx
      .update(newsPosts)
      .set({ status: 'published', updatedAt: new Date() })
      .where(
        and(
          eq(newsPosts.id, id),
          eq(newsPosts.tenantId, tenantId),
          eq(newsPosts.status, 'scheduled'),
          sql`${newsPosts.publishDate} <= now()`,
        ),
      )
      .returning()
    // Nothing changed: no audit row.
    if (!post) return { result: false, records: [] }
    return { result: true, before: { status: 'scheduled' }, after: { status: 'published', publishDate: post.publishDate } }
  })
}

/** An image for a post: JPG or PNG by its bytes, turned upright, resized to fit IMAGE_BOX, metadata dropped. */
export async function embedImage(ctx: AuthedContext, file: UploadedFile | undefined) {
  if (!file) throw fieldError('image', 'Choose an image.')
  const { services } = ctx
  // The file store judges the bytes first; sharp only ever reads what passed as JPG or PNG.
  const { fileTypeFromBuffer } = await import('file-type')
  const type = await fileTypeFromBuffer(file.data)
  if (type?.mime !== 'image/jpeg' && type?.mime !== 'image/png')
    throw new HttpError(415, 'The image must be a JPG or PNG file.', 'upload_type')
  let resized: { data: Buffer; info: { width: number; height: number } }
  try {
    const image = sharp(file.data, { limitInputPixels: 8000 * 8000 })
      .rotate()
      .resize({ width: IMAGE_BOX, height: IMAGE_BOX, fit: 'inside', withoutEnlargement: true })
    resized = await (type.mime === 'image/png' ? image.png({ compressionLevel: 9 }) : image.jpeg({ quality: 85, mozjpeg: true })).toBuffer({
      resolveWithObject: true,
    })
  } catch {
    throw new HttpError(415, 'The image could not be read: upload a JPG or PNG file.', 'upload_type')
  }
  return auditedMutation(ctx, { action: 'news.image_uploaded', entityType: 'file' }, async (tx) => {
    const row = await services.files.save(tx, {
      tenantId: ctx.tenant.id,
      purpose: 'news-image',
      originalName: file.filename,
      data: resized.data,
      kind: 'image',
      maxBytes: resized.data.length + 1,
      // Artists and labels read published posts with their images.
      visibility: 'public',
      createdBy: ctx.session.account.id,
    })
    return {
      result: { id: row.id, url: `/api/files/${row.id}`, width: resized.info.width, height: resized.info.height },
      entityId: row.id,
      after: { size: row.size, contentType: row.contentType },
    }
  })
}

// Categories

async function categoryRows(db: Queryable, tenantId: number, id?: number) {
  const rows = await db
    .select({
      id: newsCategories.id,
      name: newsCategories.name,
      details: newsCategories.details,
      slug: newsCategories.slug,
      // Qualified by hand: drizzle writes a bare "id" inside a sub-select, which would mean the post's.
      posts: sql<number>`(select count(*)::int from news_posts p where p.tenant_id = ${tenantId} and p.category_id = news_categories.id)`,
    })
    .from(newsCategories)
    .where(and(eq(newsCategories.tenantId, tenantId), id === undefined ? undefined : eq(newsCategories.id, id)))
    .orderBy(asc(sql`lower(${newsCategories.name})`), asc(newsCategories.id))
  return rows.map((row) => ({ ...row, posts: Number(row.posts) }))
}

export async function listCategories(ctx: AuthedContext) {
  return { data: await categoryRows(ctx.services.db, ctx.tenant.id) }
}

async function categorySlug(db: Queryable, tenantId: number, wanted: string | undefined, name: string, exceptId: number | null) {
  const slug = wanted || slugify(name) || 'category'
  const [taken] = await db
    .select({ id: newsCategories.id })
    .from(newsCategories)
    .where(
      and(
        eq(newsCategories.tenantId, tenantId),
        eq(newsCategories.slug, slug),
        exceptId === null ? undefined : ne(newsCategories.id, exceptId),
      ),
    )
  if (taken) throw fieldError(wanted ? 'slug' : 'name', 'Another category already has this slug')
  return slug
}

export async function createCategory(ctx: AuthedContext, body: { name: string; details: string; slug?: string }) {
  const tenantId = ctx.tenant.id
  return auditedMutation(ctx, { action: 'news_category.created', entityType: 'news_category' }, async (tx) => {
    const slug = await categorySlug(tx, tenantId, body.slug, body.name, null)
    const [row] = await tx.insert(newsCategories).values({ tenantId, name: body.name, details: body.details, slug }).returning()
    const [result] = await categoryRows(tx, tenantId, row.id)
    return { result, entityId: row.id, after: { name: row.name, slug: row.slug } }
  })
}

export async function editCategory(ctx: AuthedContext, body: { id: number; name: string; details: string; slug?: string }) {
  const tenantId = ctx.tenant.id
  return auditedMutation(
    ctx,
    {
      action: 'news_category.edited',
      entityType: 'news_category',
      lock: { table: newsCategories, id: body.id, tenantId, missing: 'There is no such category.' },
    },
    async (tx) => {
      const [before] = await tx
        .select()
        .from(newsCategories)
        .where(and(eq(newsCategories.id, body.id), eq(newsCategories.tenantId, tenantId)))
      // As with posts, the slug stays on a rename unless a new one is given.
      const slug = body.slug && body.slug !== before.slug ? await categorySlug(tx, tenantId, body.slug, body.name, body.id) : before.slug
      await tx
        .update(newsCategories)
        .set({ name: body.name, details: body.details, slug, updatedAt: new Date() })
        .where(and(eq(newsCategories.id, body.id), eq(newsCategories.tenantId, tenantId)))
      const [result] = await categoryRows(tx, tenantId, body.id)
      return {
        result,
        before: { name: before.name, details: before.details, slug: before.slug },
        after: { name: body.name, details: body.details, slug },
      }
    },
  )
}

export async function removeCategory(ctx: AuthedContext, body: { id: number; moveTo?: number }) {
  const tenantId = ctx.tenant.id
  return auditedMutation(
    ctx,
    {
      action: 'news_category.removed',
      entityType: 'news_category',
      lock: { table: newsCategories, id: body.id, tenantId, missing: 'There is no such category.' },
    },
    async (tx) => {
      const [{ used }] = await tx
        .select({ used: count() })
        .from(newsPosts)
        .where(and(eq(newsPosts.tenantId, tenantId), eq(newsPosts.categoryId, body.id)))
      const inUse = Number(used)
      if (inUse > 0 && body.moveTo === undefined)
        throw conflict(`${inUse} ${inUse === 1 ? 'post uses' : 'posts use'} this category: choose the category to move them to.`)
      if (body.moveTo !== undefined) {
        if (body.moveTo === body.id) throw fieldError('moveTo', 'Choose another category to move the posts to')
        await checkCategory(tx, tenantId, body.moveTo).catch(() => {
          throw fieldError('moveTo', 'Choose a category of this workspace')
        })
      }
      if (inUse > 0)
        await tx
          .update(newsPosts)
          .set({ categoryId: body.moveTo ?? null, updatedAt: new Date() })
          .where(and(eq(newsPosts.tenantId, tenantId), eq(newsPosts.categoryId, body.id)))
      const [before] = await tx
        .delete(newsCategories)
        .where(and(eq(newsCategories.id, body.id), eq(newsCategories.tenantId, tenantId)))
        .returning()
      return {
        result: {
          ok: true as const,
          moved: inUse,
          message: inUse ? `Category removed; ${inUse} ${inUse === 1 ? 'post' : 'posts'} moved.` : 'Category removed.',
        },
        before: { name: before.name, slug: before.slug },
        after: { movedPosts: inUse, movedTo: body.moveTo ?? null },
      }
    },
  )
}
