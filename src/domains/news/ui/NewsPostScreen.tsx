import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Badge, Box, Button, Callout, Card, Checkbox, Flex, Grid, Heading, RadioGroup, Select, Spinner, Text, TextField } from '@radix-ui/themes'
import type { NewsSingle } from '@contract/news'
import { NEWS_STATUS_LABELS, slugify } from '@core/news'
import type { ScreenProps } from '@client/routing/types'
import { api } from '@client/api'
import { Link } from '@client/routing/Link'
import { useLoad } from '@client/state/useLoad'
import { useDataVersion } from '@client/state/useDataVersion'
import { useTab } from '@client/workspace/tab-context'
import { setLeaveGuard } from '@client/workspace/leave-guard'
import { RecordPending, recordMissing } from '@client/ui/RecordPending'
import { RecordActions } from '@client/ui/RecordActions'
import { ConfirmDialog } from '@client/ui/list/ConfirmDialog'
import { showNotice } from '@client/ui/notices/notices'
import { useSubmit } from '@client/ui/useSubmit'
import { EMPTY_POST, formOf, inputOf, isDirty, saveLabel, type PostForm } from './post-form'
import { NEWS_STATUS_COLORS } from './status'

// The editor is its own chunk: no other screen pays for ProseMirror.
const NewsEditor = lazy(() => import('./NewsEditor'))

const fetchPost = (key: string, signal: AbortSignal) => {
  const id = Number(key.split(':')[0])
  return id > 0 ? api.call('news.single', { params: { id } }, { signal }) : Promise.resolve(null)
}
const fetchCategories = (_key: number, signal: AbortSignal) => api.call('news.categories', undefined, { signal })

/** Tabs whose editor holds unsaved work: the window asks before it closes. */
const dirtyTabs = new Set<string>()
let unloadWatched = false
function watchUnload() {
  if (unloadWatched || typeof window === 'undefined') return
  unloadWatched = true
  window.addEventListener('beforeunload', (event) => {
    if (dirtyTabs.size) event.preventDefault()
  })
}

/** A featured or cover image: uploaded through embed-image, shown small, removable. */
function ImageField({ label, value, onChange }: { label: string; value: string | null; onChange(url: string | null): void }) {
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const upload = async (file: File | undefined) => {
    if (!file) return
    setBusy(true)
    setError(null)
    try {
      onChange((await api.upload('news.embedImage', { body: {}, files: { image: file } })).url)
    } catch (failure) {
      setError((failure as Error).message)
    } finally {
      setBusy(false)
      if (input.current) input.current.value = ''
    }
  }
  return (
    <Flex direction="column" gap="1">
      <Text size="2" weight="medium">
        {label}
      </Text>
      {value && <img src={value} alt={label} style={{ maxWidth: '100%', maxHeight: 120, objectFit: 'cover', borderRadius: 4 }} />}
      <Flex gap="2">
        <Button type="button" size="1" variant="soft" loading={busy} onClick={() => input.current?.click()}>
          {value ? 'Replace…' : 'Upload…'}
        </Button>
        {value && (
          <Button type="button" size="1" variant="soft" color="gray" onClick={() => onChange(null)}>
            Remove
          </Button>
        )}
      </Flex>
      <input ref={input} type="file" accept="image/jpeg,image/png" aria-label={`${label} file`} hidden onChange={(e) => void upload(e.target.files?.[0])} />
      {error && (
        <Text size="1" color="red" role="alert">
          {error}
        </Text>
      )}
    </Flex>
  )
}

/** /news/create and /news/edit/{id}: write a post, save it as a draft, publish it now or schedule it. */
export default function NewsPostScreen({ params }: ScreenProps) {
  const tab = useTab()
  const version = useDataVersion()
  const creating = params.id === undefined
  const id = creating ? 0 : Number(params.id)
  const valid = creating || (Number.isInteger(id) && id > 0)
  const load = useLoad(fetchPost, `${valid ? id : 0}:${version}`)
  const categories = useLoad(fetchCategories, version)
  const post: NewsSingle | null = load.data && load.data.id === id ? load.data : null

  const [saved, setSaved] = useState<PostForm>(EMPTY_POST)
  const [form, setForm] = useState<PostForm>(EMPTY_POST)
  /** Which post the fields were filled from (0: a new one); the editor restarts when it changes. */
  const [filledFrom, setFilledFrom] = useState<number | null>(creating ? 0 : null)
  /** The post's last change the fields show: a publish from the palette changes it under untouched fields. */
  const [filledAt, setFilledAt] = useState<string | null>(null)
  const [slugTouched, setSlugTouched] = useState(false)
  const [leaving, setLeaving] = useState<null | (() => void)>(null)

  const dirty = isDirty(form, saved)
  useEffect(() => {
    // Filled once per post, and again when it changed elsewhere while nothing here was typed:
    // a refresh must never throw away what is being typed.
    if (post && (filledFrom !== post.id || (filledAt !== post.updatedDate && !dirty))) {
      const filled = formOf(post)
      setSaved(filled)
      setForm(filled)
      setFilledFrom(post.id)
      setFilledAt(post.updatedDate)
      setSlugTouched(true)
    }
  }, [post, filledFrom, filledAt, dirty])

  const dirtyRef = useRef(dirty)
  dirtyRef.current = dirty
  const { tabId, setTitle, publishRecord, navigate } = tab
  useEffect(() => {
    if (!tabId) return
    watchUnload()
    if (dirty) dirtyTabs.add(tabId)
    else dirtyTabs.delete(tabId)
    return () => {
      dirtyTabs.delete(tabId)
    }
  }, [tabId, dirty])
  useEffect(() => {
    if (!tabId) return
    return setLeaveGuard(tabId, {
      dirty: () => dirtyRef.current,
      // The first save moves the tab to the post's own address: that is not leaving.
      keeps: (path) => creating && /^\/news\/edit\/\d+$/.test(path.split('?')[0]),
      ask: (proceed) => setLeaving(() => proceed),
    })
  }, [tabId, creating])

  const record = useMemo(
    () => (post ? { kind: 'newsPost' as const, id: String(post.id), title: post.title, state: { title: post.title, status: post.status } } : null),
    [post],
  )
  useEffect(() => {
    if (post) setTitle(post.title)
  }, [post, setTitle])
  useEffect(() => {
    publishRecord(record)
    return () => publishRecord(null)
  }, [record, publishRecord])

  const change = <K extends keyof PostForm>(key: K, value: PostForm[K]) => setForm((current) => ({ ...current, [key]: value }))
  const changeTitle = (title: string) =>
    // A new post's slug follows its title until the slug is typed; a saved post's slug stays.
    setForm((current) => ({ ...current, title, slug: !slugTouched && creating ? slugify(title) : current.slug }))
  const onContent = useCallback((html: string) => setForm((current) => ({ ...current, content: html })), [])

  const save = useCallback(
    () =>
      creating
        ? api.call('news.create', { body: inputOf(form) })
        : api.call('news.edit', { body: { ...inputOf(form), id } }),
    [creating, form, id],
  )
  const onSaved = useCallback(
    (result: { id: number; slug: string; message: string }) => {
      const now = { ...form, slug: result.slug }
      setSaved(now)
      setForm(now)
      showNotice(result.message, { tone: 'success' })
      if (creating) navigate(`/news/edit/${result.id}`, { replace: true })
      else load.reload()
    },
    [form, creating, navigate, load],
  )
  const { submit, submitting, fieldErrors, formError } = useSubmit(save, onSaved)

  if (!creating && (recordMissing(valid, load) || !post || filledFrom !== post.id)) {
    return <RecordPending valid={valid} load={load} missing="This post does not exist, or it belongs to another workspace." />
  }

  return (
    <Box asChild p="4">
      <form onSubmit={(event) => void submit(event)} aria-label={creating ? 'New post' : 'Edit post'}>
        <Flex justify="between" align="center" gap="3" wrap="wrap" mb="4">
          <Flex align="center" gap="3">
            <Heading as="h1" size="6">
              {creating ? 'Create news' : 'Edit news'}
            </Heading>
            {post && <Badge color={NEWS_STATUS_COLORS[post.status]}>{NEWS_STATUS_LABELS[post.status]}</Badge>}
            {dirty && (
              <Text size="2" color="amber">
                Unsaved changes
              </Text>
            )}
          </Flex>
          <Flex gap="2" align="center">
            <RecordActions record={dirty ? null : record} buttons={['news.publish:now', 'news.remove']} />
            <Button type="submit" loading={submitting} aria-keyshortcuts="Control+Enter">
              {saveLabel(form)}
            </Button>
          </Flex>
        </Flex>
        {formError && (
          <Callout.Root color="red" mb="3" role="alert">
            <Callout.Text>{formError}</Callout.Text>
          </Callout.Root>
        )}
        <Grid columns={{ initial: '1', md: '3fr 1fr' }} gap="4">
          <Flex
            direction="column"
            gap="3"
            onKeyDown={(event) => {
              // Saving from anywhere in the form, the editor included.
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                event.preventDefault()
                void submit()
              }
            }}
          >
            <label>
              <Text size="2" weight="medium">
                Title
              </Text>
              <TextField.Root value={form.title} onChange={(e) => changeTitle(e.target.value)} autoFocus={creating} aria-invalid={Boolean(fieldErrors.title)} />
              {fieldErrors.title && <Text size="1" color="red">{fieldErrors.title}</Text>}
            </label>
            <Suspense fallback={<Spinner />}>
              <NewsEditor key={filledFrom ?? 'new'} initial={saved.content} onChange={onContent} />
            </Suspense>
            {fieldErrors.content && <Text size="1" color="red">{fieldErrors.content}</Text>}
          </Flex>
          <Card>
            <Flex direction="column" gap="3">
              <label>
                <Text size="2" weight="medium">
                  Slug
                </Text>
                <TextField.Root
                  value={form.slug}
                  onChange={(e) => {
                    setSlugTouched(true)
                    change('slug', e.target.value)
                  }}
                  placeholder="made from the title"
                  aria-invalid={Boolean(fieldErrors.slug)}
                />
                {fieldErrors.slug && <Text size="1" color="red">{fieldErrors.slug}</Text>}
              </label>
              <Flex direction="column" gap="1">
                <Text size="2" weight="medium" id="news-category-label">
                  Category
                </Text>
                <Select.Root value={form.categoryId || 'none'} onValueChange={(value) => change('categoryId', value === 'none' ? '' : value)}>
                  <Select.Trigger aria-labelledby="news-category-label" />
                  <Select.Content>
                    <Select.Item value="none">No category</Select.Item>
                    {(categories.data?.data ?? []).map((category) => (
                      <Select.Item key={category.id} value={String(category.id)}>
                        {category.name}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select.Root>
                <Text size="1">
                  <Link to="/news/categories">Manage categories</Link>
                </Text>
                {fieldErrors.categoryId && <Text size="1" color="red">{fieldErrors.categoryId}</Text>}
              </Flex>
              <Flex direction="column" gap="1">
                <Text size="2" weight="medium" id="news-status-label">
                  Status
                </Text>
                <RadioGroup.Root
                  aria-labelledby="news-status-label"
                  value={form.status}
                  onValueChange={(value) => change('status', value as PostForm['status'])}
                >
                  <RadioGroup.Item value="draft">Draft (hidden)</RadioGroup.Item>
                  <RadioGroup.Item value="published">Published (now, or at the publish date)</RadioGroup.Item>
                </RadioGroup.Root>
              </Flex>
              <Flex direction="column" gap="1">
                <label>
                  <Text size="2" weight="medium">
                    Publish date
                  </Text>
                  <TextField.Root
                    type="datetime-local"
                    step={1}
                    value={form.publishAt}
                    onChange={(e) => change('publishAt', e.target.value)}
                    aria-describedby="news-publish-hint"
                  />
                </label>
                <Text size="1" color="gray" id="news-publish-hint">
                  A future date schedules the post: it is published by itself then.
                </Text>
                {fieldErrors.publishDate && <Text size="1" color="red">{fieldErrors.publishDate}</Text>}
              </Flex>
              <Text as="label" size="2">
                <Flex gap="2" align="center">
                  <Checkbox checked={form.featured} onCheckedChange={(checked) => change('featured', checked === true)} />
                  Featured (shown first to artists)
                </Flex>
              </Text>
              <ImageField label="Featured image" value={form.featuredImg} onChange={(url) => change('featuredImg', url)} />
              {fieldErrors.featuredImg && <Text size="1" color="red">{fieldErrors.featuredImg}</Text>}
              <ImageField label="Cover image" value={form.coverImg} onChange={(url) => change('coverImg', url)} />
            </Flex>
          </Card>
        </Grid>
        <ConfirmDialog
          open={leaving !== null}
          onOpenChange={(open) => !open && setLeaving(null)}
          title="Leave without saving?"
          description="This post has changes that are not saved. Leaving discards them."
          confirmLabel="Discard changes"
          color="red"
          onConfirm={() => {
            const proceed = leaving
            setSaved(form)
            dirtyRef.current = false
            proceed?.()
          }}
        />
      </form>
    </Box>
  )
}
