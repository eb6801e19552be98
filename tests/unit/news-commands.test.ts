import { describe, expect, it } from 'vitest'
import { NEWS_ACTIONS, NEWS_COMMANDS, parseWhen } from '../../commands/news'
import { selectionOf, targetOfRecord } from '../../commands/actions'
import type { CommandContext } from '../../commands/types'
import { fakeCommandEnv } from '../helpers/command-env'

const admin: CommandContext = { account: { id: 1, type: 'admin', isOperator: false }, route: null, record: null, list: null, paneCount: 1 }
const action = (key: string) => NEWS_ACTIONS.find((entry) => entry.key === key)!

const post = targetOfRecord({ kind: 'newsPost', id: '7', title: 'Spring plan', state: { title: 'Spring plan', status: 'published' } })!
const category = (posts: number, others: { id: number; name: string }[]) =>
  targetOfRecord({ kind: 'newsCategory', id: '3', title: 'Events', state: { name: 'Events', posts, others } })!

describe('news actions', () => {
  it('deletes a post after asking, then leaves its editor for the list', async () => {
    const remove = action('news.remove')
    expect(remove.availability(post, admin)).toBe(true)
    const env = fakeCommandEnv({ 'news.remove': { ok: true, message: 'Post “Spring plan” deleted.' } })
    const command = remove.command(post)
    const [yes] = await command.children!(admin, env)
    expect(String(yes.title)).toContain('Spring plan')
    await yes.run!(admin, env)
    expect(env.call).toHaveBeenCalledWith('news.remove', { body: { id: 7 } })
    expect(env.notify).toHaveBeenCalledWith('Post “Spring plan” deleted.', 'success')
    expect(env.open).toHaveBeenCalledWith('/news/manage/1')
  })

  it('deletes the selected posts of the list', async () => {
    const selection = selectionOf('newsPost', [
      { id: 1, state: { title: 'A', status: 'draft' } },
      { id: 2, state: { title: 'B', status: 'draft' } },
    ])
    expect(action('news.remove').availability(selection, admin)).toBe(true)
    expect(action('news.remove').command(selection).title).toMatch(/2 selected posts/)
  })

  it('removes an unused category with a yes; one in use asks where its posts go', async () => {
    const remove = action('news.categoryRemove')
    const env = fakeCommandEnv({ 'news.categoryRemove': { ok: true, moved: 0, message: 'Category removed.' } })
    const unused = await remove.command(category(0, [])).children!(admin, env)
    expect(unused.map((choice) => choice.title)).toEqual(['Yes, remove “Events”'])
    await unused[0].run!(admin, env)
    expect(env.call).toHaveBeenLastCalledWith('news.categoryRemove', { body: { id: 3, moveTo: undefined } })

    const used = await remove.command(category(2, [{ id: 9, name: 'General' }])).children!(admin, env)
    expect(used.map((choice) => choice.title)).toEqual(['Move its 2 posts to “General” and remove it'])
    await used[0].run!(admin, env)
    expect(env.call).toHaveBeenLastCalledWith('news.categoryRemove', { body: { id: 3, moveTo: 9 } })
  })

  it('says why a category in use cannot go when there is nowhere to move its posts', () => {
    expect(action('news.categoryRemove').availability(category(1, []), admin)).toMatch(/create one first/)
  })
})

describe('news commands', () => {
  it('"New post" opens the editor, for staff', async () => {
    const command = NEWS_COMMANDS.find((entry) => entry.title === 'New post')!
    expect(command.access).toBe('admin')
    const env = fakeCommandEnv()
    await command.run!(admin, env)
    expect(env.open).toHaveBeenCalledWith('/news/create')
  })
})

describe('publishing from the palette', () => {
  const draft = targetOfRecord({ kind: 'newsPost', id: '8', title: 'Draft', state: { title: 'Draft', status: 'draft' } })!

  it('publishes a post that is not yet published', async () => {
    const publish = action('news.publish:now')
    expect(publish.availability(post, admin)).toBe(false)
    expect(publish.availability(draft, admin)).toBe(true)
    const env = fakeCommandEnv({ 'news.publish': { id: 8, slug: 'draft', status: 'published', message: 'Post published.' } })
    await publish.command(draft).run!(admin, env)
    expect(env.call).toHaveBeenCalledWith('news.publish', { body: { id: 8 } })
    expect(env.notify).toHaveBeenCalledWith('Post published.', 'success')
  })

  it('schedules for a typed local date and time in the future, refusing others', async () => {
    const schedule = action('news.publish:schedule')
    const command = schedule.command(draft)
    const env = fakeCommandEnv({ 'news.publish': { id: 8, slug: 'draft', status: 'scheduled', message: 'Post scheduled.' } })
    const refused = await command.search!('2020-01-01 10:00', admin, env, new AbortController().signal)
    expect(refused.map((entry) => entry.title)).toEqual(['Choose a moment in the future'])
    expect(parseWhen('2026-02-31 10:00')).toBeNull()
    const [ok] = await command.search!('2099-06-01 09:30', admin, env, new AbortController().signal)
    await ok.run!(admin, env)
    expect(env.call).toHaveBeenCalledWith('news.publish', { body: { id: 8, publishDate: new Date(2099, 5, 1, 9, 30).toISOString() } })
  })
})
