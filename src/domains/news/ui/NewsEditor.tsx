import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react'
import { mergeAttributes, Node } from '@tiptap/core'
import StarterKit from '@tiptap/starter-kit'
import Image from '@tiptap/extension-image'
import { Box, Button, Flex, IconButton, Separator, Text, TextField, Tooltip } from '@radix-ui/themes'
import { embedUrl } from '@core/news'
import { api } from '@client/api'

// The post editor: TipTap 3 (ProseMirror underneath), headless so it takes the app's look, with
// keyboard shortcuts for every mark and block. Loaded as its own chunk by the post screen only.

/** A video or music player from an allowed host, kept as a sandboxed frame (the server keeps only these). */
const Embed = Node.create({
  name: 'embed',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null } }
  },
  parseHTML() {
    return [{ tag: 'iframe[src]' }]
  },
  renderHTML({ HTMLAttributes }) {
    return [
      'iframe',
      mergeAttributes(HTMLAttributes, {
        'data-embed': '',
        width: '560',
        height: '315',
        allowfullscreen: 'true',
        sandbox: 'allow-scripts allow-presentation allow-popups',
      }),
    ]
  },
})

type Tool = { label: string; keys: string; active(editor: Editor): boolean; run(editor: Editor): void }

const TOOLS: Tool[] = [
  { label: 'Heading 2', keys: 'Ctrl+Alt+2', active: (e) => e.isActive('heading', { level: 2 }), run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run() },
  { label: 'Heading 3', keys: 'Ctrl+Alt+3', active: (e) => e.isActive('heading', { level: 3 }), run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run() },
  { label: 'Bold', keys: 'Ctrl+B', active: (e) => e.isActive('bold'), run: (e) => e.chain().focus().toggleBold().run() },
  { label: 'Italic', keys: 'Ctrl+I', active: (e) => e.isActive('italic'), run: (e) => e.chain().focus().toggleItalic().run() },
  { label: 'Bulleted list', keys: 'Ctrl+Shift+8', active: (e) => e.isActive('bulletList'), run: (e) => e.chain().focus().toggleBulletList().run() },
  { label: 'Numbered list', keys: 'Ctrl+Shift+7', active: (e) => e.isActive('orderedList'), run: (e) => e.chain().focus().toggleOrderedList().run() },
  { label: 'Quote', keys: 'Ctrl+Shift+B', active: (e) => e.isActive('blockquote'), run: (e) => e.chain().focus().toggleBlockquote().run() },
]

const SHORT: Record<string, string> = {
  'Heading 2': 'H2',
  'Heading 3': 'H3',
  Bold: 'B',
  Italic: 'I',
  'Bulleted list': '• List',
  'Numbered list': '1. List',
  Quote: '“ Quote',
}

export interface NewsEditorProps {
  /** The HTML the editor starts from (a saved post, or empty). */
  initial: string
  onChange(html: string): void
}

/** Rich text for a post: headings, lists, links, quotes, uploaded images and embedded players. */
export default function NewsEditor({ initial, onChange }: NewsEditorProps) {
  const [asking, setAsking] = useState<null | 'link' | 'embed'>(null)
  const [answer, setAnswer] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [uploading, setUploading] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)
  const changed = useRef(onChange)
  changed.current = onChange
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, autolink: true, protocols: ['mailto'], defaultProtocol: 'https' },
      }),
      Image.configure({ inline: false }),
      Embed,
    ],
    content: initial,
    editorProps: { attributes: { 'aria-label': 'Post content', role: 'textbox', 'aria-multiline': 'true', class: 'news-editor-content' } },
    onUpdate: ({ editor: current }) => changed.current(current.getHTML()),
    immediatelyRender: true,
  })
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      active: TOOLS.map((tool) => (current ? tool.active(current) : false)),
      link: current?.isActive('link') ?? false,
    }),
  })
  useEffect(() => () => editor?.destroy(), [editor])

  const ask = (what: 'link' | 'embed') => {
    setProblem(null)
    setAnswer(what === 'link' ? ((editor?.getAttributes('link').href as string | undefined) ?? '') : '')
    setAsking(what)
  }
  // Enter passes the field's own value: a keystroke right after typing may come before the state has it.
  const apply = (typed = answer) => {
    if (!editor) return
    const text = typed.trim()
    if (asking === 'link') {
      if (!text) editor.chain().focus().extendMarkRange('link').unsetLink().run()
      else if (!/^(https?:\/\/|mailto:)/i.test(text)) return setProblem('A link starts with https://, http:// or mailto:')
      else editor.chain().focus().extendMarkRange('link').setLink({ href: text }).run()
    } else if (asking === 'embed') {
      const src = embedUrl(text)
      if (!src) return setProblem('Paste a YouTube, Vimeo or Spotify link')
      editor.chain().focus().insertContent({ type: 'embed', attrs: { src } }).run()
    }
    setAsking(null)
  }
  const onAnswerKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      apply(event.currentTarget.value)
    } else if (event.key === 'Escape') {
      event.preventDefault()
      setAsking(null)
      editor?.commands.focus()
    }
  }
  const upload = async (file: File | undefined) => {
    if (!file || !editor) return
    setUploading(true)
    setProblem(null)
    try {
      const image = await api.upload('news.embedImage', { body: {}, files: { image: file } })
      editor.chain().focus().setImage({ src: image.url, alt: file.name.replace(/\.[^.]+$/, '') }).run()
    } catch (error) {
      setProblem((error as Error).message)
    } finally {
      setUploading(false)
      if (fileInput.current) fileInput.current.value = ''
    }
  }

  if (!editor) return null
  return (
    <Box style={{ border: '1px solid var(--gray-a6)', borderRadius: 'var(--radius-3)' }}>
      <Flex role="toolbar" aria-label="Formatting" gap="1" wrap="wrap" p="2" style={{ borderBottom: '1px solid var(--gray-a6)' }}>
        {TOOLS.map((tool, index) => (
          <Tooltip key={tool.label} content={`${tool.label} (${tool.keys})`}>
            <Button
              type="button"
              size="1"
              variant={state?.active[index] ? 'solid' : 'soft'}
              aria-label={tool.label}
              aria-pressed={state?.active[index] ?? false}
              aria-keyshortcuts={tool.keys.replace('Ctrl', 'Control')}
              onClick={() => tool.run(editor)}
            >
              {SHORT[tool.label]}
            </Button>
          </Tooltip>
        ))}
        <Separator orientation="vertical" />
        <Button type="button" size="1" variant={state?.link ? 'solid' : 'soft'} aria-pressed={state?.link ?? false} onClick={() => ask('link')}>
          Link…
        </Button>
        <Button type="button" size="1" variant="soft" loading={uploading} onClick={() => fileInput.current?.click()}>
          Image…
        </Button>
        <Button type="button" size="1" variant="soft" onClick={() => ask('embed')}>
          Embed…
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png"
          aria-label="Image to insert"
          hidden
          onChange={(event) => void upload(event.target.files?.[0])}
        />
      </Flex>
      {asking && (
        <Flex gap="2" p="2" align="center" style={{ borderBottom: '1px solid var(--gray-a6)' }}>
          <TextField.Root
            autoFocus
            style={{ flex: 1 }}
            aria-label={asking === 'link' ? 'Link address' : 'Video or music link'}
            placeholder={asking === 'link' ? 'https://… (empty removes the link)' : 'A YouTube, Vimeo or Spotify link'}
            value={answer}
            onChange={(event) => setAnswer(event.target.value)}
            onKeyDown={onAnswerKey}
          />
          <Button type="button" size="1" onClick={() => apply()}>
            {asking === 'link' ? 'Set link' : 'Embed'}
          </Button>
          <IconButton type="button" size="1" variant="ghost" color="gray" aria-label="Cancel" onClick={() => setAsking(null)}>
            ✕
          </IconButton>
        </Flex>
      )}
      {problem && (
        <Box px="2" pt="1">
          <Text as="p" color="red" size="2" role="alert">
            {problem}
          </Text>
        </Box>
      )}
      <Box p="3" style={{ minHeight: 240 }}>
        <EditorContent editor={editor} />
      </Box>
    </Box>
  )
}
