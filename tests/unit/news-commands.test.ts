import { describe, expect, it } from 'vitest'
import { NEWS_ACTIONS, NEWS_COMMANDS } from '../../commands/news'
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
