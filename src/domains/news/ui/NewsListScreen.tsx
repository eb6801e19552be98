import { useCallback } from 'react'
import { StarFilledIcon } from '@radix-ui/react-icons'
import { Button } from '@radix-ui/themes'
import { NEWS_PAGE_SIZES, type NewsItem } from '@contract/news'
import { NEWS_STATUSES, NEWS_STATUS_LABELS, type NewsStatus } from '@core/news'
import { selectionOf } from '@commands/actions'
import type { ScreenProps } from '@client/routing/types'
import { api } from '@client/api'
import { Link } from '@client/routing/Link'
import { useDataVersion } from '@client/state/useDataVersion'
import { ListView, type ColumnDef, type FilterDef, type ListQuery } from '@client/ui/list'
import { NEWS_STATUS_MAP } from './status'

const columns: ColumnDef<NewsItem>[] = [
  { id: 'id', header: 'ID', type: 'text', value: (row) => row.id, width: 80 },
  {
    id: 'featured',
    header: 'Featured',
    type: 'icon',
    value: (row) => (row.featured ? { icon: StarFilledIcon, label: 'Featured: shown first to artists' } : null),
    csv: (row) => (row.featured ? 'featured' : ''),
    width: 100,
  },
  { id: 'title', header: 'Title', type: 'text', value: (row) => row.title, width: 300 },
  { id: 'category', header: 'Category', type: 'text', value: (row) => row.category?.name ?? null, width: 160 },
  { id: 'status', header: 'Status', type: 'status', value: (row) => row.status, statuses: NEWS_STATUS_MAP, width: 120 },
  { id: 'publishDate', header: 'Publish date', type: 'date', value: (row) => row.publishDate, width: 150 },
  { id: 'slug', header: 'Slug', type: 'text', value: (row) => row.slug, width: 200, hidden: true },
  { id: 'updatedDate', header: 'Updated', type: 'date', value: (row) => row.updatedDate, width: 150, hidden: true },
  { id: 'date', header: 'Created', type: 'date', value: (row) => row.date, width: 150 },
]

const filters: FilterDef[] = [
  { id: 'status', label: 'Status', type: 'select', options: NEWS_STATUSES.map((status) => ({ value: status, label: NEWS_STATUS_LABELS[status] })) },
  { id: 'featured', label: 'Featured', type: 'boolean' },
]

/** The selected rows as posts: the declared post actions (delete) act on them. */
const asPosts = (rows: readonly NewsItem[]) =>
  selectionOf(
    'newsPost',
    rows.map((row) => ({ id: row.id, title: row.title, state: { title: row.title, status: row.status } })),
  )

/** /news/manage/{page}: every post of the workspace, newest first; a row opens its editor. */
export default function NewsListScreen({ params }: ScreenProps) {
  const version = useDataVersion()
  const page = Number(params.page) || 1
  const fetch = useCallback(
    (query: ListQuery, signal: AbortSignal) =>
      api.call(
        'news.list',
        {
          query: {
            page: query.page,
            per_page: query.perPage,
            search: query.search || undefined,
            status: query.filters.status as NewsStatus | undefined,
            featured: query.filters.featured as 'true' | 'false' | undefined,
          },
        },
        { signal },
      ),
    [],
  )
  return (
    <ListView<NewsItem>
      key={version}
      listId="news"
      title="News"
      columns={columns}
      rowId={(row) => row.id}
      fetch={fetch}
      page={page}
      pageSizes={NEWS_PAGE_SIZES}
      pagePath={(next) => `/news/manage/${next}`}
      filters={filters}
      records={asPosts}
      rowLink={(row) => `/news/edit/${row.id}`}
      tools={
        <>
          <Button asChild variant="soft">
            <Link to="/news/create">New post</Link>
          </Button>
          <Button asChild variant="soft" color="gray">
            <Link to="/news/categories">Categories</Link>
          </Button>
        </>
      }
      errorMessage="There was an error fetching the news. Please try again."
    />
  )
}
