import { promises as dns } from 'node:dns'

export type DnsRecordType = 'TXT' | 'CNAME' | 'MX'

/** What DNS answered for one name and type; `found: false` when the name or the type has no records. */
export type DnsAnswer =
  | { type: 'TXT'; found: boolean; values: string[] }
  | { type: 'CNAME'; found: boolean; values: string[] }
  | { type: 'MX'; found: boolean; values: { exchange: string; priority: number }[] }

/** The resolver could not get an answer at all (timeout, refused): nothing can be said about the record. */
export class DnsUnavailableError extends Error {}

const NO_RECORDS = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN', 'ENONAME'])

const normalizeName = (name: string) => name.trim().toLowerCase().replace(/\.$/, '')

/**
 * Asks DNS through Node's resolver. `servers` (DNS_SERVERS) replaces the system's resolvers, so an
 * installation can verify against a resolver it trusts and tests against a local DNS server.
 */
export class DnsResolver {
  constructor(
    readonly servers: readonly string[] = [],
    private readonly options: { timeoutMs?: number; tries?: number } = {},
  ) {}

  private resolver(): dns.Resolver {
    const resolver = new dns.Resolver({ timeout: this.options.timeoutMs ?? 3000, tries: this.options.tries ?? 2 })
    if (this.servers.length) resolver.setServers([...this.servers])
    return resolver
  }

  async lookup(type: DnsRecordType, name: string): Promise<DnsAnswer> {
    const resolver = this.resolver()
    const host = normalizeName(name)
    try {
      switch (type) {
        case 'TXT':
          // Long TXT values (DKIM keys) arrive in 255-byte strings; the record is their concatenation.
          return { type, found: true, values: (await resolver.resolveTxt(host)).map((chunks) => chunks.join('')) }
        case 'CNAME':
          return { type, found: true, values: (await resolver.resolveCname(host)).map(normalizeName) }
        case 'MX':
          return {
            type,
            found: true,
            values: (await resolver.resolveMx(host)).map((mx) => ({ exchange: normalizeName(mx.exchange), priority: mx.priority })),
          }
      }
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? ''
      if (NO_RECORDS.has(code)) return { type, found: false, values: [] } as DnsAnswer
      throw new DnsUnavailableError(`The DNS server did not answer for ${host} (${code || (error as Error).message}).`)
    }
  }
}
