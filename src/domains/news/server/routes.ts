import type { newsEndpoints } from '@contract/news'
import type { Handlers, IdsOf } from '@server/handlers'
import * as news from './service'

export const newsHandlers: Handlers<IdsOf<typeof newsEndpoints>> = {
  'news.list': ({ ctx, query }) => news.listNews(ctx, query),
  'news.single': ({ ctx, params }) => news.singleNews(ctx, params.id),
  'news.categories': ({ ctx }) => news.listCategories(ctx),
  'news.create': ({ ctx, body }) => news.createNews(ctx, body),
  'news.edit': ({ ctx, body }) => news.editNews(ctx, body),
  'news.publish': ({ ctx, body }) => news.publishNews(ctx, body.id, body.publishDate ?? null),
  'news.remove': ({ ctx, body }) => news.removeNews(ctx, body.id),
  'news.embedImage': ({ ctx, files }) => news.embedImage(ctx, files.image),
  'news.categoryCreate': ({ ctx, body }) => news.createCategory(ctx, body),
  'news.categoryEdit': ({ ctx, body }) => news.editCategory(ctx, body),
  'news.categoryRemove': ({ ctx, body }) => news.removeCategory(ctx, body),
  'news.published': ({ ctx, query }) => news.publishedNews(ctx, query),
}
