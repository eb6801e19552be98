import { describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import NewsEditor from '../../../src/domains/news/ui/NewsEditor'

function setup(initial = '') {
  const onChange = vi.fn()
  render(
    <Theme>
      <NewsEditor initial={initial} onChange={onChange} />
    </Theme>,
  )
  return { onChange, content: () => screen.getByRole('textbox', { name: 'Post content' }) }
}

const last = (mock: ReturnType<typeof vi.fn>) => String(mock.mock.calls.at(-1)?.[0] ?? '')

describe('post editor', () => {
  it.each([
    ['Heading 2', '<h2>Big news</h2>'],
    ['Bulleted list', '<ul><li><p>Big news</p></li></ul>'],
    ['Numbered list', '<ol><li><p>Big news</p></li></ol>'],
    ['Quote', '<blockquote><p>Big news</p></blockquote>'],
  ])('formats from the toolbar: %s', async (button, html) => {
    const { onChange, content } = setup('<p>Big news</p>')
    await userEvent.click(content())
    await userEvent.click(screen.getByRole('button', { name: button }))
    await waitFor(() => expect(last(onChange)).toContain(html))
    await waitFor(() => expect(screen.getByRole('button', { name: button }).getAttribute('aria-pressed')).toBe('true'))
  })

  it('sets a link from the keyboard, refusing an address that is not a web or mail link', async () => {
    const { onChange, content } = setup('<p>Read more</p>')
    await userEvent.tripleClick(content())
    await userEvent.click(screen.getByRole('button', { name: 'Link…' }))
    const field = screen.getByRole('textbox', { name: 'Link address' })
    await userEvent.type(field, 'javascript:alert(1){Enter}')
    expect(screen.getByRole('alert').textContent).toMatch(/starts with https/)
    await userEvent.clear(field)
    await userEvent.type(field, 'https://example.com/news{Enter}')
    await waitFor(() => expect(last(onChange)).toContain('href="https://example.com/news"'))
  })

  it('embeds a YouTube player, and refuses links from other sites', async () => {
    const { onChange, content } = setup('<p>Watch</p>')
    await userEvent.click(content())
    await userEvent.click(screen.getByRole('button', { name: 'Embed…' }))
    const field = screen.getByRole('textbox', { name: 'Video or music link' })
    await userEvent.type(field, 'https://evil.example/video{Enter}')
    expect(screen.getByRole('alert').textContent).toMatch(/YouTube, Vimeo or Spotify/)
    await userEvent.clear(field)
    await userEvent.type(field, 'https://youtu.be/dQw4w9WgXcQ{Enter}')
    await waitFor(() => expect(last(onChange)).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"'))
    expect(last(onChange)).toContain('sandbox="allow-scripts allow-presentation allow-popups"')
  })
})
