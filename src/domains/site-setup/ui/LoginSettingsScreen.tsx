import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import {
  AlertDialog,
  Badge,
  Button,
  Callout,
  Card,
  Dialog,
  Flex,
  Heading,
  IconButton,
  Skeleton,
  Switch,
  Text,
  TextArea,
  Tooltip,
} from '@radix-ui/themes'
import { ArrowDownIcon, ArrowUpIcon, ExclamationTriangleIcon, Pencil1Icon, PlusIcon, TrashIcon } from '@radix-ui/react-icons'
import { IMAGE_LIMITS, type LoginSlide } from '@contract/site'
import { api, ApiError } from '@client/api'
import { refreshSite } from '@client/state/site'
import { useLoad } from '@client/state/useLoad'
import { Field } from '@client/ui/Field'
import { showNotice } from '@client/ui/notices/notices'
import { ImageField } from './ImageField'
import { failureText, loadFailureText, moveItem, type ImageChange } from './site-ui'

const fetchSlides = (_key: string, signal: AbortSignal) => api.call('site.loginSlides', undefined, { signal })

/** The sign-in page's featured-artist slider: add, edit, delete, reorder and show or hide slides. */
export default function LoginSettingsScreen() {
  const slides = useLoad(fetchSlides, 'slides')
  const [items, setItems] = useState<LoginSlide[] | null>(null)
  const [editing, setEditing] = useState<LoginSlide | 'new' | null>(null)
  const [deleting, setDeleting] = useState<LoginSlide | null>(null)
  const [busy, setBusy] = useState(false)
  const cardRefs = useRef(new Map<number, HTMLLIElement>())
  const pendingFocus = useRef<number | null>(null)

  useEffect(() => {
    if (slides.data) setItems(slides.data.data)
  }, [slides.data])
  useEffect(() => {
    if (pendingFocus.current === null) return
    cardRefs.current.get(pendingFocus.current)?.focus()
    pendingFocus.current = null
  }, [items])

  /** Runs a change, then shows the answer here and on the sign-in page. */
  const change = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true)
    try {
      await action()
      showNotice(done, { tone: 'success' })
    } catch (error) {
      showNotice(failureText(error), { tone: 'error' })
    } finally {
      setBusy(false)
      slides.reload()
      void refreshSite()
    }
  }

  const move = (index: number, delta: -1 | 1) => {
    if (!items) return
    const next = moveItem(items, index, delta)
    if (next.every((slide, i) => slide.id === items[i].id)) return
    setItems(next)
    void change(() => api.call('site.orderLoginSlides', { body: { ids: next.map((slide) => slide.id) } }), 'Order saved.')
  }
  const handleKey = (event: KeyboardEvent<HTMLLIElement>, index: number, id: number) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return
    event.preventDefault()
    pendingFocus.current = id
    move(index, event.key === 'ArrowUp' ? -1 : 1)
  }
  const setVisible = (slide: LoginSlide, visible: boolean) => {
    setItems((now) => now && now.map((item) => (item.id === slide.id ? { ...item, visible } : item)))
    void change(
      () => api.call('site.loginSlideVisibility', { body: { id: slide.id, visible } }),
      visible ? 'Slide shown.' : 'Slide hidden.',
    )
  }

  return (
    <Flex direction="column" gap="4" style={{ maxWidth: 900 }}>
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Heading as="h1" size="6">
          Login settings
        </Heading>
        <Button onClick={() => setEditing('new')}>
          <PlusIcon /> Add slide
        </Button>
      </Flex>
      <Text size="2" color="gray">
        The featured artists on your sign-in page, in this order. Move a slide with its arrows, or focus it and press Alt+↑ or Alt+↓.
      </Text>
      {slides.status === 'error' && (
        <Callout.Root color="red" role="alert">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>{loadFailureText(slides.error)}</Callout.Text>
        </Callout.Root>
      )}
      {!items ? (
        slides.status !== 'error' && <Skeleton height="240px" />
      ) : items.length === 0 ? (
        <Card size="3">
          <Text color="gray" role="status">
            No slides yet. The sign-in page shows the form alone until you add one.
          </Text>
        </Card>
      ) : (
        <Flex asChild direction="column" gap="2">
          <ol aria-label="Slides" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {items.map((slide, index) => (
              <Card asChild key={slide.id} size="2">
                <li
                  ref={(element) => {
                    if (element) cardRefs.current.set(slide.id, element)
                    else cardRefs.current.delete(slide.id)
                  }}
                  tabIndex={0}
                  aria-label={`${slide.artistName}, slide ${index + 1} of ${items.length}${slide.visible ? '' : ', hidden'}`}
                  onKeyDown={(event) => handleKey(event, index, slide.id)}
                >
                  <Flex gap="3" align="center" wrap="wrap">
                    {slide.image ? (
                      <img
                        src={slide.image.url}
                        alt=""
                        style={{ width: 120, height: 68, objectFit: 'cover', borderRadius: 'var(--radius-2)' }}
                      />
                    ) : (
                      <Flex
                        width="120px"
                        height="68px"
                        align="center"
                        justify="center"
                        style={{ background: 'var(--gray-3)', borderRadius: 'var(--radius-2)' }}
                      >
                        <Text size="1" color="gray">
                          No image
                        </Text>
                      </Flex>
                    )}
                    <Flex direction="column" gap="1" style={{ flex: 1, minWidth: 200 }}>
                      <Flex gap="2" align="center">
                        <Text weight="bold">{slide.artistName}</Text>
                        {!slide.visible && <Badge color="gray">Hidden</Badge>}
                      </Flex>
                      {slide.text && (
                        <Text size="2" color="gray">
                          {slide.text}
                        </Text>
                      )}
                      {slide.link && (
                        <Text size="1" color="gray" style={{ overflowWrap: 'anywhere' }}>
                          {slide.link}
                        </Text>
                      )}
                    </Flex>
                    <Text as="label" size="2">
                      <Flex gap="2" align="center">
                        <Switch
                          checked={slide.visible}
                          disabled={busy}
                          onCheckedChange={(visible) => setVisible(slide, visible)}
                          aria-label={`Show ${slide.artistName}`}
                        />
                        {slide.visible ? 'Shown' : 'Hidden'}
                      </Flex>
                    </Text>
                    <Flex gap="1">
                      <Tooltip content="Move up">
                        <IconButton
                          variant="soft"
                          color="gray"
                          aria-label={`Move ${slide.artistName} up`}
                          disabled={busy || index === 0}
                          onClick={() => move(index, -1)}
                        >
                          <ArrowUpIcon />
                        </IconButton>
                      </Tooltip>
                      <Tooltip content="Move down">
                        <IconButton
                          variant="soft"
                          color="gray"
                          aria-label={`Move ${slide.artistName} down`}
                          disabled={busy || index === items.length - 1}
                          onClick={() => move(index, 1)}
                        >
                          <ArrowDownIcon />
                        </IconButton>
                      </Tooltip>
                      <Tooltip content="Edit">
                        <IconButton variant="soft" aria-label={`Edit ${slide.artistName}`} onClick={() => setEditing(slide)}>
                          <Pencil1Icon />
                        </IconButton>
                      </Tooltip>
                      <Tooltip content="Delete">
                        <IconButton variant="soft" color="red" aria-label={`Delete ${slide.artistName}`} onClick={() => setDeleting(slide)}>
                          <TrashIcon />
                        </IconButton>
                      </Tooltip>
                    </Flex>
                  </Flex>
                </li>
              </Card>
            ))}
          </ol>
        </Flex>
      )}

      {editing && (
        <SlideDialog
          slide={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null)
            showNotice(message, { tone: 'success' })
            slides.reload()
            void refreshSite()
          }}
        />
      )}

      <AlertDialog.Root open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <AlertDialog.Content maxWidth="420px">
          <AlertDialog.Title>Delete this slide?</AlertDialog.Title>
          <AlertDialog.Description size="2">
            {deleting?.artistName} disappears from the sign-in page, and its image is deleted.
          </AlertDialog.Description>
          <Flex gap="3" justify="end" mt="4">
            <AlertDialog.Cancel>
              <Button variant="soft" color="gray">
                Cancel
              </Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action>
              <Button
                color="red"
                onClick={() => {
                  const target = deleting
                  setDeleting(null)
                  if (target) void change(() => api.call('site.deleteLoginSlide', { query: { id: target.id } }), 'Slide deleted.')
                }}
              >
                Delete
              </Button>
            </AlertDialog.Action>
          </Flex>
        </AlertDialog.Content>
      </AlertDialog.Root>
    </Flex>
  )
}

export function SlideDialog({ slide, onClose, onSaved }: { slide: LoginSlide | null; onClose(): void; onSaved(message: string): void }) {
  const textId = useId()
  const [image, setImage] = useState<ImageChange>({ kind: 'keep' })
  const [artistName, setArtistName] = useState(slide?.artistName ?? '')
  const [text, setText] = useState(slide?.text ?? '')
  const [link, setLink] = useState(slide?.link ?? '')
  const [visible, setVisible] = useState(slide?.visible ?? true)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  const handleSubmit = async (event: { preventDefault(): void }) => {
    event.preventDefault()
    const found: Record<string, string> = {}
    if (!artistName.trim()) found.artistName = 'Artist name is required'
    if (link.trim() && !/^https?:\/\/\S+$/i.test(link.trim())) found.link = 'Link must start with http:// or https://'
    if (!slide && image.kind !== 'new') found.image = 'Choose an image for the slide'
    setErrors(found)
    setError(null)
    if (Object.keys(found).length) return
    setSaving(true)
    const fields = { artistName: artistName.trim(), text: text.trim(), link: link.trim(), visible }
    try {
      if (slide) {
        await api.call('site.updateLoginSlide', {
          params: { id: slide.id },
          body: { ...fields, ...(image.kind === 'new' ? { image: image.dataUrl } : {}) },
        })
        onSaved('Slide saved.')
      } else if (image.kind === 'new') {
        await api.call('site.createLoginSlide', { body: { ...fields, image: image.dataUrl } })
        onSaved('Slide added.')
      }
    } catch (caught) {
      setError(failureText(caught))
      if (caught instanceof ApiError) setErrors(caught.errors)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="560px">
        <Dialog.Title>{slide ? `Edit ${slide.artistName}` : 'Add a slide'}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          An artist to feature on the sign-in page.
        </Dialog.Description>
        <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label={slide ? 'Edit slide' : 'Add a slide'}>
          <Flex direction="column" gap="3">
            {error && (
              <Callout.Root color="red" role="alert">
                <Callout.Text>{error}</Callout.Text>
              </Callout.Root>
            )}
            <ImageField
              label="Image"
              currentUrl={slide?.image?.url ?? null}
              value={image}
              onChange={(next) => (setImage(next), setErrors((now) => ({ ...now, image: '' })))}
              maxBytes={IMAGE_LIMITS.slide}
              previewHeight={90}
              removable={false}
              hint="JPG or PNG, shown wide (16:9 works best)."
            />
            {errors.image && (
              <Text size="1" color="red" role="alert">
                {errors.image}
              </Text>
            )}
            <Field label="Artist name" value={artistName} onValueChange={setArtistName} error={errors.artistName} maxLength={120} />
            <Flex direction="column" gap="1">
              <Text as="label" htmlFor={textId} size="2" weight="medium">
                Text
              </Text>
              <TextArea id={textId} value={text} onChange={(event) => setText(event.target.value)} maxLength={500} rows={3} />
              {errors.text && (
                <Text size="1" color="red" role="alert">
                  {errors.text}
                </Text>
              )}
            </Flex>
            <Field label="Link (optional)" type="url" placeholder="https://" value={link} onValueChange={setLink} error={errors.link} />
            <Text as="label" size="2">
              <Flex gap="2" align="center">
                <Switch checked={visible} onCheckedChange={setVisible} />
                Show on the sign-in page
              </Flex>
            </Text>
            <Flex gap="3" justify="end" mt="2">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={saving}>
                {slide ? 'Save slide' : 'Add slide'}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  )
}
