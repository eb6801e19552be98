/** A compiled route pattern: `/users/{id}` matches `/users/42` with `{ id: '42' }`. */
export interface CompiledPattern {
  pattern: string
  regex: RegExp
  names: string[]
  /** Static segments count first so `/releases/import-sections` beats `/releases/{x}`. */
  specificity: number
}

export function compilePattern(pattern: string): CompiledPattern {
  const names: string[] = []
  const segments = pattern.split('/').filter(Boolean)
  const source = segments
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment)
      if (param) {
        names.push(param[1])
        return '/([^/]+)'
      }
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`
    })
    .join('')
  return {
    pattern,
    regex: new RegExp(`^${source || '/'}/?$`),
    names,
    specificity: segments.filter((segment) => !segment.startsWith('{')).length * 100 - names.length,
  }
}

export function matchPattern(compiled: CompiledPattern, pathname: string): Record<string, string> | null {
  const match = compiled.regex.exec(pathname)
  if (!match) return null
  const params: Record<string, string> = {}
  compiled.names.forEach((name, index) => {
    params[name] = decodeURIComponent(match[index + 1])
  })
  return params
}

/** Fill a pattern's parameters: buildPath('/users/{id}', { id: 42 }) -> '/users/42'. */
export function buildPath(pattern: string, params: Record<string, string | number> = {}): string {
  return pattern.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Missing ${name} for ${pattern}`)
    return encodeURIComponent(String(value))
  })
}

/** Only same-origin paths are followed after sign-in (no open redirects). */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null
  return next
}
