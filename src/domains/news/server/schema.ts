import { sql } from 'drizzle-orm'
import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { accounts, tenantColumn } from '@server/db/schema/platform'
import { at, createdAt, idColumn, ref, updatedAt } from '@server/db/schema/columns'
import type { NewsStatus } from '@core/news'

/** A topic posts are filed under (docs/news.md). */
export const newsCategories = pgTable(
  'news_categories',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    name: text('name').notNull(),
    details: text('details').notNull().default(''),
    slug: text('slug').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('news_categories_slug_idx').on(t.tenantId, t.slug), index('news_categories_name_idx').on(t.tenantId, t.name)],
)

/** A post of the company newsroom; `content` is HTML already sanitised by the server's allow-list. */
export const newsPosts = pgTable(
  'news_posts',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    content: text('content').notNull().default(''),
    // Restrict: a category in use is removed only after its posts moved to another (service).
    categoryId: ref('category_id').references(() => newsCategories.id, { onDelete: 'restrict' }),
    featuredImg: text('featured_img'),
    coverImg: text('cover_img'),
    status: text('status').notNull().default('draft').$type<NewsStatus>(),
    featured: boolean('featured').notNull().default(false),
    publishDate: at('publish_date'),
    createdBy: ref('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('news_posts_slug_idx').on(t.tenantId, t.slug),
    index('news_posts_list_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    index('news_posts_published_idx').on(t.tenantId, t.status, t.publishDate.desc(), t.id.desc()),
    index('news_posts_category_idx').on(t.tenantId, t.categoryId),
    index('news_posts_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
  ],
)
