import type { Command } from './types'

export interface RouteMeta {
  path: string
  title: string
  access: 'guest-only' | 'public' | 'auth' | 'admin'
}

/** "g then a letter" for the main areas; the cheat sheet and the palette show them. */
export const GO_TO_SHORTCUTS: Readonly<Record<string, string>> = {
  '/dashboard': 'g d',
  '/users/manage/{page}': 'g u',
  '/releases/manage/{page}': 'g r',
  '/royalty-shares/manage/{page}': 'g s',
  '/payouts/manage/{page}': 'g p',
  '/support/manage/{page}': 'g t',
  '/news/manage/{page}': 'g n',
  '/analytics/overview': 'g a',
  '/notifications': 'g o',
  '/admins/manage/{page}': 'g m',
  '/earnings/overview/{page}': 'g e',
  '/site-settings': 'g ,',
}

/** A route needs a record id when it has a parameter other than the page number. */
export function needsRecord(path: string): boolean {
  return /\{(?!page\})\w+\}/.test(path)
}

/** The address a navigation command opens: first page for paged lists. */
export function entryPath(path: string): string {
  return path.replace('{page}', '1')
}

/**
 * One "Go to …" command per signed-in route, generated from the route registry, so a screen cannot
 * exist without its command. Routes that need a record are reached through entity search instead.
 */
export function navigationCommands(routes: readonly RouteMeta[]): Command[] {
  const seen = new Set<string>()
  const commands: Command[] = []
  for (const route of routes) {
    if (route.access !== 'auth' && route.access !== 'admin') continue
    if (needsRecord(route.path) || seen.has(route.path)) continue
    seen.add(route.path)
    const target = entryPath(route.path)
    commands.push({
      id: `nav:${route.path}`,
      title: `Go to ${route.title}`,
      group: 'Navigate',
      subject: route.title,
      keywords: route.path.split(/[/{}-]/).filter((part) => part && part !== 'page' && part !== 'manage'),
      shortcut: GO_TO_SHORTCUTS[route.path],
      access: route.access,
      run: (_context, env) => env.open(target),
    })
  }
  return commands
}
