import type { Command } from './types'
import type { NewsCategory, NewsItem } from '@contract/news'
import { defineAction, type RecordAction, type Target } from './actions'

// Company news (docs/news.md): a post is deleted from its editor's header, the palette or the list's
// bulk bar; a category is removed from its row or the palette, its posts moved when it is in use.

const newsPost = ['newsPost'] as const
const newsCategory = ['newsCategory'] as const

/** What the post editor and the list's rows publish about a post. */
export type NewsPostRecordState = Pick<NewsItem, 'title' | 'status'>

/** What the categories screen publishes about a category: it and the others its posts could move to. */
export type NewsCategoryRecordState = Pick<NewsCategory, 'name' | 'posts'> & {
  others: readonly Pick<NewsCategory, 'id' | 'name'>[]
}

const postTitle = (target: Target<'newsPost'>) =>
  target.items.length === 1 ? `post “${target.items[0].state?.title ?? `#${target.items[0].id}`}”` : `${target.items.length} selected posts`

const categoryName = (target: Target<'newsCategory'>) => target.items[0]?.state?.name ?? 'category'

/** A moment typed in the palette, "2026-12-01 09:00" in the browser's time zone; null when unreadable. */
export function parseWhen(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{1,2}):(\d{2})$/.exec(text.trim())
  if (!match) return null
  const [, year, month, day, hour, minute] = match.map(Number)
  const at = new Date(year, month - 1, day, hour, minute)
  // new Date rolls 2026-02-31 over into March: refuse what does not read back the same.
  return at.getMonth() === month - 1 && at.getDate() === day && at.getHours() === hour ? at : null
}

const notPublished = (state: NewsPostRecordState) => (state.status === 'published' ? false : true)

export const NEWS_ACTIONS: readonly RecordAction[] = [
  defineAction({
    id: 'news.publish',
    variant: 'now',
    kinds: newsPost,
    scope: 'both',
    label: 'Publish',
    tone: 'green',
    title: (target) => `Publish ${postTitle(target)} now`,
    group: 'News',
    keywords: ['news', 'post', 'publish', 'release', 'live'],
    available: notPublished,
    input: (item) => ({ body: { id: item.id } }),
    success: (result, target) => (target.items.length === 1 ? result.message : null),
    past: 'Published',
  }),
  defineAction({
    id: 'news.publish',
    variant: 'schedule',
    kinds: newsPost,
    scope: 'one',
    label: 'Schedule…',
    title: (target) => `Schedule ${postTitle(target)}…`,
    group: 'News',
    keywords: ['news', 'post', 'schedule', 'later', 'publish date'],
    available: notPublished,
    ask: {
      kind: 'text',
      placeholder: 'When? e.g. 2026-12-01 09:00 (your time)',
      validate: (text) => {
        const at = parseWhen(text)
        if (!at) return 'Type a date and time like 2026-12-01 09:00'
        return at.getTime() > Date.now() ? null : 'Choose a moment in the future'
      },
      confirmTitle: (text, target) => `Schedule ${postTitle(target)} for ${text.trim()}`,
    },
    input: (item, text: string) => ({ body: { id: item.id, publishDate: parseWhen(text)!.toISOString() } }),
    success: (result) => result.message,
  }),
  defineAction({
    id: 'news.remove',
    kinds: newsPost,
    scope: 'both',
    label: 'Delete…',
    tone: 'red',
    title: (target) => `Delete ${postTitle(target)}…`,
    group: 'News',
    keywords: ['news', 'post', 'delete', 'remove'],
    ask: { kind: 'confirm', question: (target) => `Delete ${postTitle(target)}? Artists will no longer see it.` },
    input: (item) => ({ body: { id: item.id } }),
    success: (result, target) => (target.items.length === 1 ? result.message : null),
    past: 'Deleted',
    after: (_result, target, env) => {
      // The editor of a deleted post has nothing left to show.
      if (target.from === 'record') env.open('/news/manage/1')
    },
  }),
  defineAction({
    id: 'news.categoryRemove',
    kinds: newsCategory,
    scope: 'one',
    label: 'Remove…',
    tone: 'red',
    title: (target) => `Remove news category “${categoryName(target)}”…`,
    group: 'News',
    keywords: ['news', 'category', 'delete', 'remove'],
    available: (state) =>
      state.posts > 0 && state.others.length === 0 ? 'Its posts need another category to move to: create one first' : true,
    ask: {
      kind: 'choose',
      placeholder: 'Remove it?',
      // A category in use is removed only by moving its posts: the answer is where they go.
      choices: (target) => {
        const state = target.items[0]?.state
        if (!state || state.posts === 0) return [{ value: 0, title: `Yes, remove “${categoryName(target)}”` }]
        return state.others.map((other) => ({
          value: other.id,
          title: `Move its ${state.posts} ${state.posts === 1 ? 'post' : 'posts'} to “${other.name}” and remove it`,
        }))
      },
    },
    input: (item, moveTo: number) => ({ body: { id: item.id, moveTo: moveTo || undefined } }),
    success: (result) => result.message,
  }),
]

/** Global news commands: "New post" opens the editor (the route's own "Go to" says "Create news"). */
export const NEWS_COMMANDS: readonly Command[] = [
  {
    id: 'news.newPost',
    title: 'New post',
    group: 'News',
    keywords: ['news', 'post', 'write', 'create', 'article', 'announcement'],
    access: 'admin',
    run: (_context, env) => env.open('/news/create'),
  },
]
