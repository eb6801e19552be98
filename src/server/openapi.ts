import { z } from 'zod'
import { ENDPOINTS, type EndpointDef } from '@contract/index'

type JsonSchema = Record<string, unknown>

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema
  delete json.$schema
  return json
}

const ACCESS_NOTE = {
  guest: 'No sign-in needed.',
  auth: 'Any signed-in account.',
  admin: 'Admin accounts only.',
} as const

/** The OpenAPI 3.1 document, generated from the same contract the server and client use. */
export function buildOpenApi(version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const [id, def] of Object.entries(ENDPOINTS) as [string, EndpointDef][]) {
    const path = `/api/${def.path}`
    const parameters: unknown[] = []
    for (const [location, schema] of [
      ['path', def.params],
      ['query', def.query],
    ] as const) {
      if (!schema) continue
      const json = toSchema(schema, 'input')
      const properties = (json.properties ?? {}) as Record<string, JsonSchema>
      const required = new Set((json.required ?? []) as string[])
      for (const [name, property] of Object.entries(properties)) {
        parameters.push({ name, in: location, required: location === 'path' || required.has(name), schema: property })
      }
    }
    const operation: Record<string, unknown> = {
      operationId: id,
      summary: def.summary,
      description: ACCESS_NOTE[def.access],
      tags: [id.split('.')[0]],
      parameters,
      security: def.access === 'guest' ? [] : [{ session: [] }, { bearer: [] }],
      responses: {
        [String(def.status ?? 200)]:
          def.responseType === 'file'
            ? { description: 'A file', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } }
            : { description: 'Success', content: { 'application/json': { schema: toSchema(def.response, 'output') } } },
        '400': { $ref: '#/components/responses/Invalid' },
        ...(def.access === 'guest' ? {} : { '401': { $ref: '#/components/responses/Unauthenticated' } }),
        ...(def.access === 'admin' ? { '403': { $ref: '#/components/responses/Forbidden' } } : {}),
      },
    }
    if (def.body) {
      const schema = toSchema(def.body, 'input')
      if (def.bodyType === 'multipart' && def.files) {
        // File fields are not in the zod schema (they are checked by content on the server).
        const properties = { ...((schema.properties ?? {}) as Record<string, unknown>) }
        for (const name of Object.keys(def.files)) properties[name] = { type: 'string', format: 'binary' }
        schema.properties = properties
      }
      operation.requestBody = {
        required: true,
        content: { [def.bodyType === 'multipart' ? 'multipart/form-data' : 'application/json']: { schema } },
      }
    }
    paths[path] ??= {}
    paths[path][def.method.toLowerCase()] = operation
  }
  const errorSchema = {
    type: 'object',
    required: ['message'],
    properties: {
      message: { type: 'string' },
      code: { type: 'string' },
      errors: { type: 'object', additionalProperties: { type: 'string' } },
      requestId: { type: 'string' },
    },
  }
  const error = (description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  })
  return {
    openapi: '3.1.0',
    info: {
      title: 'wl-admin API',
      version,
      description:
        'Back-office API of the white-label distribution service. Sign in with POST /api/auth/login; browsers keep the session in an HttpOnly cookie and echo the x-csrf-token header on writes, API clients send `Authorization: Bearer <token>`.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: { Error: errorSchema },
      responses: {
        Invalid: error('Invalid input: `errors` holds a message per field'),
        Unauthenticated: error('No session, or it expired or was revoked (code `banned` for banned accounts)'),
        Forbidden: error('The account may not do this'),
      },
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'wl_session' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
    },
  }
}
