import type { Command } from './types'

/** Navbar shortcuts as commands: creating a release on behalf of a chosen account. */
export const SHELL_COMMANDS: readonly Command[] = [
  {
    id: 'shell.createRelease',
    title: 'Create a release for…',
    group: 'Actions',
    keywords: ['new release', 'uploader', 'upload', 'on behalf'],
    access: 'admin',
    placeholder: 'Search accounts by email…',
    search: async (query, _context, env, signal) => {
      void signal
      const page = await env.call('users.fetchUsers', { query: { search: query, searchType: 'email', count: 10, page: 1, sort: 'asc' } })
      return page.data.map((user) => ({
        id: `shell.createRelease.${user.id}`,
        title: `${user.displayName} (${user.email})`,
        group: 'Accounts',
        run: (_c, e) => e.open(`/uploader?user=${user.id}`),
      }))
    },
  },
]
