import { z } from 'zod'
import { NEWS_STATUSES, SLUG_MAX, SLUG_PATTERN } from '@core/news'
import { endpoint } from './define'
import { id, idParams, nullableTimestamp, page, pageOf, timestamp, wholeNumber } from './common'

// Company news (docs/news.md): staff write posts in a rich-text editor; the server sanitises the HTML
// with an allow-list before storing it. A post is a draft, scheduled (published by a job at its
// publish date) or published; artists and labels read the published posts of their workspace.

export const newsStatus = z.enum(NEWS_STATUSES, `Choose one of: ${NEWS_STATUSES.join(', ')}`)

/** Largest image accepted by embed-image (it is resized before it is stored). */
export const NEWS_IMAGE_MAX_BYTES = 10 * 1024 * 1024
/** Largest post body, as HTML. */
export const NEWS_CONTENT_MAX = 200_000
export const NEWS_PAGE_SIZES = [10, 25, 50, 100] as const

/** A stored image of this workspace, as embed-image answered it. */
export const newsImageUrl = z.string().regex(/^\/api\/files\/\d{1,16}$/, 'Upload the image with the editor')

const slug = z
  .string()
  .trim()
  .max(SLUG_MAX, `A slug has at most ${SLUG_MAX} characters`)
  .regex(SLUG_PATTERN, 'A slug is lower-case letters and digits joined by dashes, such as spring-release-plan')

export const newsCategory = z.object({
  id: z.number(),
  name: z.string(),
  details: z.string(),
  slug: z.string(),
  /** Posts filed under it (it cannot be removed while in use, unless they move). */
  posts: z.number(),
})
export type NewsCategory = z.infer<typeof newsCategory>

export const newsItem = z.object({
  id: z.number(),
  title: z.string(),
  slug: z.string(),
  status: newsStatus,
  /** Published: what artists and labels see (the spec's visible). */
  visible: z.boolean(),
  featured: z.boolean(),
  category: z.object({ id: z.number(), name: z.string() }).nullable(),
  featuredImg: z.string().nullable(),
  coverImg: z.string().nullable(),
  publishDate: nullableTimestamp,
  date: timestamp,
  updatedDate: timestamp,
})
export type NewsItem = z.infer<typeof newsItem>

export const newsSingle = newsItem.extend({ content: z.string() })
export type NewsSingle = z.infer<typeof newsSingle>

const publishDate = z.iso
  .datetime({ offset: true, message: 'Enter a publish date and time' })
  .transform((value) => new Date(value))
  .nullable()

export const newsInput = z.object({
  title: z.string().trim().min(1, 'Title is required').max(200, 'Title is too long (200 characters at most)'),
  /** Empty: made from the title (on create) or kept (on edit). */
  slug: z.union([z.literal(''), slug]).optional(),
  content: z.string().max(NEWS_CONTENT_MAX, 'The post is too long'),
  categoryId: id.nullable(),
  featuredImg: newsImageUrl.nullable(),
  coverImg: newsImageUrl.nullable(),
  featured: z.boolean(),
  /** draft keeps it hidden; published publishes it now, or at publishDate when that is in the future. */
  status: z.enum(['draft', 'published'], 'Choose draft or published'),
  publishDate,
})
export type NewsInput = z.input<typeof newsInput>

const saved = z.object({ id: z.number(), slug: z.string(), status: newsStatus, message: z.string() })

const categoryInput = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name is too long (100 characters at most)'),
  details: z.string().trim().max(1000, 'Details are too long (1000 characters at most)').default(''),
  slug: z.union([z.literal(''), slug]).optional(),
})

export const newsEndpoints = {
  'news.list': endpoint({
    method: 'GET',
    path: 'admin/news',
    access: 'admin',
    summary: 'Posts of the workspace, newest first; search by title, filter by status, category or featured',
    query: z.object({
      page,
      per_page: wholeNumber()
        .pipe(z.number().int())
        .refine((value) => (NEWS_PAGE_SIZES as readonly number[]).includes(value), `Page size must be one of ${NEWS_PAGE_SIZES.join(', ')}`)
        .default(25),
      search: z.string().trim().max(200).optional(),
      status: newsStatus.optional(),
      category: id.optional(),
      featured: z.enum(['true', 'false']).optional(),
    }),
    response: pageOf(newsItem),
  }),
  'news.single': endpoint({
    method: 'GET',
    path: 'admin/news/single/{id}',
    access: 'admin',
    summary: 'One post with its content',
    params: idParams,
    response: newsSingle,
  }),
  'news.categories': endpoint({
    method: 'GET',
    path: 'admin/news/categories',
    access: 'admin',
    summary: 'Every news category of the workspace, by name, with how many posts use it',
    response: z.object({ data: z.array(newsCategory) }),
  }),
  'news.create': endpoint({
    method: 'POST',
    path: 'admin/news/create',
    access: 'admin',
    summary: 'Write a post (content sanitised; slug from the title unless given)',
    status: 201,
    bodyLimit: NEWS_CONTENT_MAX * 4,
    body: newsInput,
    response: saved,
  }),
  'news.edit': endpoint({
    method: 'POST',
    path: 'admin/news/edit',
    access: 'admin',
    summary: 'Change a post; its slug stays unless a new one is given',
    bodyLimit: NEWS_CONTENT_MAX * 4,
    body: newsInput.extend({ id }),
    response: saved,
  }),
  'news.publish': endpoint({
    method: 'POST',
    path: 'admin/news/publish',
    access: 'admin',
    summary: 'Publish a post now, or schedule it for publishDate (the palette and the list act on a post without opening it)',
    body: z.object({ id, publishDate: publishDate.optional() }),
    response: saved,
  }),
  'news.remove': endpoint({
    method: 'POST',
    path: 'admin/news/remove',
    access: 'admin',
    summary: 'Delete a post',
    body: z.object({ id }),
    response: z.object({ ok: z.literal(true), message: z.string() }),
  }),
  'news.embedImage': endpoint({
    method: 'POST',
    path: 'admin/news/embed-image',
    access: 'admin',
    summary: 'Upload an image for a post: JPG or PNG by content, resized to fit 1600 pixels, stored in the file store',
    status: 201,
    bodyType: 'multipart',
    files: { image: { maxBytes: NEWS_IMAGE_MAX_BYTES, required: true } },
    body: z.object({}),
    response: z.object({ id: z.number(), url: newsImageUrl, width: z.number(), height: z.number() }),
  }),
  'news.categoryCreate': endpoint({
    method: 'POST',
    path: 'admin/news/category/create',
    access: 'admin',
    summary: 'Add a news category',
    status: 201,
    body: categoryInput,
    response: newsCategory,
  }),
  'news.categoryEdit': endpoint({
    method: 'POST',
    path: 'admin/news/category/edit',
    access: 'admin',
    summary: 'Rename or describe a news category',
    body: categoryInput.extend({ id }),
    response: newsCategory,
  }),
  'news.categoryRemove': endpoint({
    method: 'POST',
    path: 'admin/news/category/remove',
    access: 'admin',
    summary: 'Remove a category; one in use needs moveTo, the category its posts move to',
    body: z.object({ id, moveTo: id.optional() }),
    response: z.object({ ok: z.literal(true), message: z.string(), moved: z.number() }),
  }),
  'news.published': endpoint({
    method: 'GET',
    path: 'news/published',
    access: 'auth',
    summary: 'Published posts of your workspace, newest first, featured ones first on page 1 (artists and labels read news here)',
    query: z.object({ page, category: id.optional() }),
    response: pageOf(newsSingle.omit({ status: true, visible: true })),
  }),
} as const
