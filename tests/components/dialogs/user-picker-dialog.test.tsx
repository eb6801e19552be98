import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import { UserPickerDialog } from '../../../src/client/ui/dialogs/UserPickerDialog'
import type { UserCard } from '../../../src/contract/users'
import { mockFetch, respond, type Request } from './fetch-mock'

afterEach(() => vi.restoreAllMocks())

const people: UserCard[] = Array.from({ length: 13 }, (_, index) => {
  const n = String(index + 1).padStart(2, '0')
  return {
    id: index + 1,
    email: `person${n}@acme.test`,
    type: index % 2 ? 'label' : 'artist',
    displayName: `Person ${n}`,
    initials: `P${n[1]}`,
  }
})

/** A server that searches, sorts and pages the people above, like users.fetchUsers. */
function directory(request: Request) {
  const search = request.query.get('search') ?? ''
  const page = Number(request.query.get('page') ?? 1)
  const count = Number(request.query.get('count') ?? 10)
  const found = people.filter((user) => user.email.includes(search))
  return respond(200, {
    data: found.slice((page - 1) * count, page * count),
    meta: { total: found.length, totalIsEstimate: false, page, per_page: count, last_page: Math.max(1, Math.ceil(found.length / count)) },
  })
}

function renderPicker() {
  const onSelect = vi.fn()
  render(
    <Theme>
      <UserPickerDialog open onOpenChange={() => undefined} onSelect={onSelect} title="Create a release for…" />
    </Theme>,
  )
  return { onSelect }
}

const optionNames = () => screen.getAllByRole('option').map((option) => option.textContent)

describe('user picker', () => {
  it('lists ten accounts a page, alphabetical by email, and pages through them', async () => {
    const { requests } = mockFetch(directory)
    renderPicker()
    expect(screen.getByRole('dialog', { name: 'Create a release for…' })).toBeTruthy()
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(10))
    expect(requests[0].query.get('count')).toBe('10')
    expect(requests[0].query.get('searchType')).toBe('email')
    expect(requests[0].query.get('sort')).toBe('asc')
    expect(optionNames()[0]).toContain('Person 01')
    expect(optionNames()[0]).toContain('person01@acme.test')
    expect(screen.getByText('Page 1 of 2')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true)
    await userEvent.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(screen.getByText('Page 2 of 2')).toBeTruthy())
    await waitFor(() => expect(optionNames()).toHaveLength(3))
    expect(optionNames()[0]).toContain('person11@acme.test')
    expect(requests.at(-1)!.query.get('page')).toBe('2')
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true)
  })

  it('waits 400 ms after the last keystroke and asks once, cancelling a request still in flight', async () => {
    let release: (() => void) | undefined
    const { requests } = mockFetch((request) => {
      // The first (unsearched) load hangs until released, so the search has to cancel it.
      if (!request.query.get('search') && !release) return new Promise((resolve) => (release = () => resolve(directory(request))))
      return directory(request)
    })
    renderPicker()
    await waitFor(() => expect(requests).toHaveLength(1))
    await userEvent.type(screen.getByRole('combobox', { name: 'Search users by email' }), 'son12')
    expect(requests).toHaveLength(1)
    await waitFor(() => expect(requests).toHaveLength(2), { timeout: 1500 })
    expect(requests[1].query.get('search')).toBe('son12')
    expect(requests[0].signal?.aborted).toBe(true)
    await waitFor(() => expect(optionNames()).toEqual([expect.stringContaining('person12@acme.test')]))
    release?.()
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(requests.map((request) => request.query.get('search'))).toEqual([null, 'son12'])
    expect(optionNames()).toHaveLength(1)
  })

  it('moves with the arrow keys and chooses with Enter', async () => {
    mockFetch(directory)
    const { onSelect } = renderPicker()
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(10))
    const search = screen.getByRole('combobox', { name: 'Search users by email' })
    await userEvent.click(search)
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}')
    expect(screen.getAllByRole('option')[1].getAttribute('aria-selected')).toBe('true')
    expect(search.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1].id)
    await userEvent.keyboard('{Enter}')
    expect(onSelect).toHaveBeenCalledTimes(1)
    expect(onSelect).toHaveBeenCalledWith(people[1])
  })

  it('says when nothing matches and when the list cannot load', async () => {
    let fail = true
    mockFetch((request) => (fail ? respond(500, { message: 'Internal error' }) : directory(request)))
    const { onSelect } = renderPicker()
    expect(await screen.findByText('There was an error fetching the users. Please try again.')).toBeTruthy()
    fail = false
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(10))
    await userEvent.type(screen.getByRole('combobox', { name: 'Search users by email' }), 'nobody')
    expect(await screen.findByText('No users found matching your search criteria.', undefined, { timeout: 1500 })).toBeTruthy()
    await userEvent.keyboard('{Enter}')
    expect(onSelect).not.toHaveBeenCalled()
  })
})
