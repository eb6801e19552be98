import { readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { DOMAINS_DIR, listFiles, serverDomains } from './scan'

// A static check that a contract endpoint's handler reaches the audit: from the handler (the
// `'<endpoint id>': ...` entry of a domain's handler map) follow calls by name through the
// functions of the same domain's server code until one calls `auditedMutation` or `audit`, or
// inserts into `auditLog`. Name-based within one domain: a handler whose path to the audit leaves
// its domain is reported as not reaching it.

interface DomainIndex {
  /** Function-like bodies by the name they are called by: declarations, consts, object members. */
  bodies: Map<string, ts.Node[]>
  /** Handler entries by endpoint id. */
  handlers: Map<string, ts.Node>
}

const SINK_CALLS = new Set(['audit', 'auditedMutation'])

function nameOf(name: ts.PropertyName | ts.BindingName): string | null {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) return name.text
  return null
}

const isFunction = (node: ts.Node) => ts.isArrowFunction(node) || ts.isFunctionExpression(node)

function indexDomain(domain: string): DomainIndex {
  const bodies = new Map<string, ts.Node[]>()
  const handlers = new Map<string, ts.Node>()
  const add = (name: string | null, node: ts.Node | undefined) => {
    if (!name || !node) return
    bodies.set(name, [...(bodies.get(name) ?? []), node])
  }
  for (const file of listFiles(path.join(DOMAINS_DIR, domain, 'server'))) {
    const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
    const visit = (node: ts.Node) => {
      if (ts.isFunctionDeclaration(node) && node.name) add(node.name.text, node)
      else if (ts.isVariableDeclaration(node) && node.initializer && isFunction(node.initializer)) add(nameOf(node.name), node.initializer)
      else if (ts.isMethodDeclaration(node)) add(nameOf(node.name), node)
      else if (ts.isPropertyAssignment(node)) {
        const name = nameOf(node.name)
        if (name && ts.isStringLiteral(node.name) && /^[a-z][\w-]*\.[\w.]+$/i.test(name)) handlers.set(name, node.initializer)
        if (name && isFunction(node.initializer)) add(name, node.initializer)
      }
      ts.forEachChild(node, visit)
    }
    visit(sf)
  }
  return { bodies, handlers }
}

const indexes = new Map<string, DomainIndex>()
const indexOf = (domain: string) => indexes.get(domain) ?? indexes.set(domain, indexDomain(domain)).get(domain)!

/** Which domain's handler map holds this endpoint id, or null when none does. */
export function handlerDomain(id: string): string | null {
  for (const domain of serverDomains()) if (indexOf(domain).handlers.has(id)) return domain
  return null
}

/** Whether the handler of `id` reaches the audit; the chain of names it took when it does. */
export function handlerReachesAudit(id: string): { domain: string | null; path: string[] | null } {
  const domain = handlerDomain(id)
  if (!domain) return { domain, path: null }
  const { bodies, handlers } = indexOf(domain)
  const seen = new Set<ts.Node>()
  const search = (node: ts.Node, trail: string[]): string[] | null => {
    if (seen.has(node)) return null
    seen.add(node)
    let found: string[] | null = null
    const walk = (n: ts.Node): void => {
      if (found) return
      if (ts.isCallExpression(n)) {
        const callee = n.expression
        const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : null
        if (name && SINK_CALLS.has(name)) {
          found = [...trail, name]
          return
        }
        if (name === 'insert' && n.arguments.some((a) => ts.isIdentifier(a) && a.text === 'auditLog')) {
          found = [...trail, 'insert(auditLog)']
          return
        }
        for (const body of name ? (bodies.get(name) ?? []) : []) {
          found = search(body, [...trail, name!])
          if (found) return
        }
      }
      // A function passed by reference (e.g. `act(ctx, id, 'x', setFlags)`) is followed too.
      if (ts.isIdentifier(n) && ts.isCallExpression(n.parent) && n.parent.arguments.includes(n) && bodies.has(n.text)) {
        for (const body of bodies.get(n.text)!) {
          found = search(body, [...trail, n.text])
          if (found) return
        }
      }
      ts.forEachChild(n, walk)
    }
    walk(node)
    return found
  }
  return { domain, path: search(handlers.get(id)!, [id]) }
}

const ACCESS_CHECKS = new Set(['requireStaff', 'requireAdmin'])

/** Whether the handler entry of `id` itself (not the services it calls) checks staff access. */
export function handlerChecksAccess(id: string): boolean {
  const domain = handlerDomain(id)
  if (!domain) return false
  let found = false
  const walk = (n: ts.Node): void => {
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && ACCESS_CHECKS.has(n.expression.text)) found = true
    if (!found) ts.forEachChild(n, walk)
  }
  walk(indexOf(domain).handlers.get(id)!)
  return found
}

export interface StaffCheck {
  /** The function holding the check, or `H:<endpoint id>` for a handler entry. */
  fn: string
  file: string
  line: number
  /** Endpoints whose handlers reach it (name-based, within the domain). */
  endpoints: string[]
  /** Whether a seed, a job or the domain's descriptor reaches it too. */
  nonRoute: boolean
}

/** Every staff check (requireStaff / requireAdmin) in a domain's server code, with who reaches it. */
export function staffChecks(domain: string): StaffCheck[] {
  const { bodies, handlers } = indexOf(domain)
  const roots: ts.Node[] = []
  const checks: Omit<StaffCheck, 'endpoints' | 'nonRoute'>[] = []
  for (const file of listFiles(path.join(DOMAINS_DIR, domain, 'server'))) {
    const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
    if (/(seed|job)[^/]*\.ts$|\/index\.ts$/.test(file)) roots.push(sf)
    const visit = (n: ts.Node, fn: string | null) => {
      let name = fn
      if (ts.isFunctionDeclaration(n) && n.name) name = n.name.text
      else if (ts.isVariableDeclaration(n) && n.initializer && isFunction(n.initializer)) name = nameOf(n.name)
      else if (ts.isPropertyAssignment(n)) {
        const key = nameOf(n.name)
        if (key && ts.isStringLiteral(n.name) && handlers.has(key)) name = `H:${key}`
        else if (key && isFunction(n.initializer)) name = key
      }
      if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && ACCESS_CHECKS.has(n.expression.text))
        checks.push({
          fn: name ?? '?',
          file: path.relative(DOMAINS_DIR, file),
          line: sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1,
        })
      ts.forEachChild(n, (c) => visit(c, name))
    }
    visit(sf, null)
  }
  const closure = (root: ts.Node) => {
    const seen = new Set<string>()
    const walk = (n: ts.Node): void => {
      let name: string | null = null
      if (ts.isCallExpression(n))
        name = ts.isIdentifier(n.expression)
          ? n.expression.text
          : ts.isPropertyAccessExpression(n.expression)
            ? n.expression.name.text
            : null
      else if (ts.isIdentifier(n) && ts.isCallExpression(n.parent) && n.parent.arguments.includes(n)) name = n.text
      if (name && bodies.has(name) && !seen.has(name)) {
        seen.add(name)
        for (const body of bodies.get(name)!) walk(body)
      }
      ts.forEachChild(n, walk)
    }
    walk(root)
    return seen
  }
  const reachedBy = new Map<string, string[]>()
  for (const [id, handler] of handlers) for (const fn of closure(handler)) reachedBy.set(fn, [...(reachedBy.get(fn) ?? []), id])
  const fromRoots = new Set(roots.flatMap((root) => [...closure(root)]))
  return checks.map((check) => ({
    ...check,
    endpoints: check.fn.startsWith('H:') ? [check.fn.slice(2)] : (reachedBy.get(check.fn) ?? []),
    nonRoute: fromRoots.has(check.fn),
  }))
}
