import type { Command } from './types'
import { goShortcutFor } from './shortcuts'

export interface RouteMeta {
  path: string
  title: string
  access: 'guest-only' | 'public' | 'auth' | 'admin'
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
      // Its "g then key" hint, when a sidebar group's key opens this screen (the shell binds go keys itself).
      shortcut: goShortcutFor(target) ?? undefined,
      access: route.access,
      run: (_context, env) => env.open(target),
    })
  }
  return commands
}
