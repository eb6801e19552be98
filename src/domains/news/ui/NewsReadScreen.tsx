import { useCallback, useEffect, useRef, useState } from 'react'
import { Badge, Box, Button, Callout, Card, Flex, Heading, Text } from '@radix-ui/themes'
import { StarFilledIcon } from '@radix-ui/react-icons'
import type { ScreenProps } from '@client/routing/types'
import { api } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { useDataVersion } from '@client/state/useDataVersion'
import { useTab } from '@client/workspace/tab-context'

const fetchPage = (key: string, signal: AbortSignal) => api.call('news.published', { query: { page: Number(key.split(':')[0]) } }, { signal })

/**
 * A post's HTML (sanitised by the server) in a frame that may run nothing: same-origin only so the
 * frame can be sized to its content, never scripts, so a post can never act in the reader's session.
 */
function PostBody({ title, html }: { title: string; html: string }) {
  const frame = useRef<HTMLIFrameElement>(null)
  const [height, setHeight] = useState(120)
  const fit = useCallback(() => {
    const body = frame.current?.contentDocument?.body
    if (body) setHeight(Math.max(60, body.scrollHeight + 16))
  }, [])
  return (
    <Box asChild style={{ width: '100%', height, border: 0 }}>
      <iframe
        ref={frame}
        title={title}
        sandbox="allow-same-origin allow-popups"
        onLoad={fit}
        srcDoc={`<!doctype html><meta charset="utf-8"><base target="_blank"><style>body{margin:0;font-family:system-ui,sans-serif;line-height:1.5}img{max-width:100%;height:auto}</style>${html}`}
      />
    </Box>
  )
}

/** /news/read/{page}: the company news of the workspace as artists and labels read it, featured first. */
export default function NewsReadScreen({ params }: ScreenProps) {
  const tab = useTab()
  const version = useDataVersion()
  const page = Math.max(1, Number(params.page) || 1)
  const load = useLoad(fetchPage, `${page}:${version}`)
  const { setTitle } = tab
  useEffect(() => setTitle(page > 1 ? `Company news · page ${page}` : 'Company news'), [page, setTitle])
  const go = (next: number) => tab.navigate(`/news/read/${next}`)

  if (load.status === 'error')
    return (
      <Callout.Root color="red" role="alert" m="4">
        <Callout.Text>The news could not be loaded. Please try again.</Callout.Text>
      </Callout.Root>
    )
  const posts = load.data
  return (
    <Flex direction="column" gap="4" p="4" style={{ maxWidth: 860 }}>
      <Heading as="h1" size="6">
        Company news
      </Heading>
      {!posts ? (
        <Text color="gray">Loading…</Text>
      ) : posts.data.length === 0 ? (
        <Text color="gray">No news yet.</Text>
      ) : (
        posts.data.map((post) => (
          <Card key={post.id} size="3" asChild>
            <article aria-labelledby={`news-post-${post.id}`}>
              {post.coverImg && <img src={post.coverImg} alt="" style={{ width: '100%', maxHeight: 280, objectFit: 'cover', borderRadius: 8 }} />}
              <Flex direction="column" gap="2" mt={post.coverImg ? '3' : '0'}>
                <Heading as="h2" size="5" id={`news-post-${post.id}`}>
                  {post.title}
                </Heading>
                <Flex gap="2" align="center" wrap="wrap">
                  {post.featured && (
                    <Badge color="amber">
                      <StarFilledIcon /> Featured
                    </Badge>
                  )}
                  {post.category && <Badge color="gray">{post.category.name}</Badge>}
                  {post.publishDate && (
                    <Text size="1" color="gray">
                      {new Date(post.publishDate).toLocaleDateString()}
                    </Text>
                  )}
                </Flex>
                <PostBody title={post.title} html={post.content} />
              </Flex>
            </article>
          </Card>
        ))
      )}
      {posts && posts.meta.last_page > 1 && (
        <Flex gap="2" align="center">
          <Button variant="soft" disabled={page <= 1} onClick={() => go(page - 1)}>
            Newer
          </Button>
          <Text size="2">
            Page {page} of {posts.meta.last_page}
          </Text>
          <Button variant="soft" disabled={page >= posts.meta.last_page} onClick={() => go(page + 1)}>
            Older
          </Button>
        </Flex>
      )}
    </Flex>
  )
}
