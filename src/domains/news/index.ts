import { lazyScreen } from '@client/routing/lazy-screen'
import type { DomainUi } from '@client/routing/types'

const NewsPostScreen = lazyScreen(() => import('./ui/NewsPostScreen'))

/** Company news: the posts list, the post editor (create and edit) and the categories. */
export const newsUi: DomainUi = {
  name: 'news',
  routes: [
    { path: '/news/manage/{page}', access: 'admin', title: 'News', screen: lazyScreen(() => import('./ui/NewsListScreen')) },
    { path: '/news/create', access: 'admin', title: 'Create news', screen: NewsPostScreen },
    { path: '/news/edit/{id}', access: 'admin', title: 'Edit news', screen: NewsPostScreen },
    { path: '/news/categories', access: 'admin', title: 'News categories', screen: lazyScreen(() => import('./ui/NewsCategoriesScreen')) },
    // Not in routes.tsv: where artists and labels read the published news (GET news/published, docs/news.md).
    { path: '/news/read/{page}', access: 'auth', title: 'Company news', screen: lazyScreen(() => import('./ui/NewsReadScreen')) },
  ],
}
