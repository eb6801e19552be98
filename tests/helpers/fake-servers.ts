import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { SignJWT, exportJWK, generateKeyPair } from 'jose'

/** A tiny HTTP server for standing in for an outside service in tests. */
export async function startFakeServer(
  handler: (
    req: http.IncomingMessage,
    body: string,
  ) => { status?: number; json?: unknown; body?: string; headers?: Record<string, string> },
) {
  const requests: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[] = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      requests.push({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body })
      const answer = handler(req, body)
      res.writeHead(answer.status ?? 200, {
        'content-type': answer.json !== undefined ? 'application/json' : 'application/octet-stream',
        ...answer.headers,
      })
      res.end(answer.json !== undefined ? JSON.stringify(answer.json) : (answer.body ?? ''))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { url, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

/** A local OpenID Connect issuer: discovery, JWKS, and ID tokens signed with its key. */
export async function startFakeOidcIssuer() {
  const { publicKey, privateKey } = await generateKeyPair('RS256')
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' }
  let issuer = ''
  const fake = await startFakeServer((req) => {
    if (req.url === '/.well-known/openid-configuration') return { json: { issuer, jwks_uri: `${issuer}/jwks` } }
    if (req.url === '/jwks') return { json: { keys: [jwk] } }
    return { status: 404, json: {} }
  })
  issuer = fake.url
  return {
    issuer,
    close: fake.close,
    async idToken(claims: Record<string, unknown>, options: { audience: string; issuer?: string; expiresIn?: string }) {
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuer(options.issuer ?? issuer)
        .setAudience(options.audience)
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? '10m')
        .sign(privateKey)
    },
  }
}
