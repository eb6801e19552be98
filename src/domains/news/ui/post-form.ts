import type { NewsInput, NewsSingle } from '@contract/news'

/** The post editor's fields as typed; `publishAt` is the browser's local date and time (datetime-local). */
export interface PostForm {
  title: string
  slug: string
  content: string
  categoryId: string
  featuredImg: string | null
  coverImg: string | null
  featured: boolean
  status: 'draft' | 'published'
  publishAt: string
}

export const EMPTY_POST: PostForm = {
  title: '',
  slug: '',
  content: '',
  categoryId: '',
  featuredImg: null,
  coverImg: null,
  featured: false,
  status: 'draft',
  publishAt: '',
}

const pad = (n: number) => String(n).padStart(2, '0')

/** An instant as a datetime-local value in this browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return ''
  const date = new Date(iso)
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

/** A datetime-local value (local time) as an ISO instant, or null when empty or unreadable. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

export function formOf(post: NewsSingle): PostForm {
  return {
    title: post.title,
    slug: post.slug,
    content: post.content,
    categoryId: post.category ? String(post.category.id) : '',
    featuredImg: post.featuredImg,
    coverImg: post.coverImg,
    featured: post.featured,
    // A scheduled post is one that is to be published: the date says when.
    status: post.status === 'draft' ? 'draft' : 'published',
    publishAt: toLocalInput(post.publishDate),
  }
}

export function inputOf(form: PostForm): NewsInput {
  return {
    title: form.title,
    slug: form.slug.trim(),
    content: form.content,
    categoryId: form.categoryId ? Number(form.categoryId) : null,
    featuredImg: form.featuredImg,
    coverImg: form.coverImg,
    featured: form.featured,
    status: form.status,
    publishDate: fromLocalInput(form.publishAt),
  }
}

/** An empty editor writes `<p></p>`: no change from nothing. */
const normalContent = (html: string) => (html === '<p></p>' ? '' : html)

/** Whether leaving now would lose something typed. */
export function isDirty(form: PostForm, saved: PostForm): boolean {
  return (Object.keys(form) as (keyof PostForm)[]).some((key) =>
    key === 'content' ? normalContent(form.content) !== normalContent(saved.content) : form[key] !== saved[key],
  )
}

/** What the save button does with these fields, said before it is pressed. */
export function saveLabel(form: PostForm, now = new Date()): string {
  if (form.status === 'draft') return 'Save draft'
  const at = fromLocalInput(form.publishAt)
  return at && new Date(at).getTime() > now.getTime() ? 'Schedule' : 'Publish'
}
