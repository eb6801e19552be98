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
