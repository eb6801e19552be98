import { z } from 'zod'
import { endpoint } from './define'
import { idParams, nullableTimestamp, timestamp } from './common'

const publicLogo = z.object({ url: z.string(), width: z.number().nullable(), height: z.number().nullable() })

export const sharedEndpoints = {
  'shared.countries': endpoint({
    method: 'GET',
    path: 'shared/static/countries',
    access: 'auth',
    summary: 'Country codes and names',
    response: z.object({ data: z.array(z.object({ code: z.string(), name: z.string() })) }),
  }),
  'shared.platforms': endpoint({
    method: 'GET',
    path: 'shared/static/platforms',
    access: 'auth',
    summary: 'Delivery targets (stores and services) with their ids',
    response: z.object({
      data: z.array(z.object({ id: z.number(), slug: z.string(), name: z.string(), kind: z.string(), defaultTarget: z.boolean() })),
    }),
  }),
  'site.public': endpoint({
    method: 'GET',
    path: 'site/public',
    access: 'guest',
    summary: "The workspace's public face for the sign-in page: name, colours, logos, favicon, slides, sign-in options (path chosen here)",
    response: z.object({
      workspace: z.object({ slug: z.string(), name: z.string() }).nullable(),
      colors: z.object({
        primary: z.string(),
        accent: z.string(),
        navbarBackground: z.string(),
        navbarText: z.string(),
        buttonText: z.string(),
      }),
      googleSignIn: z.object({ enabled: z.boolean(), clientId: z.string().nullable() }),
      version: z.string(),
      /** The workspace's logos, favicon and sign-in slides; absent when the host names no workspace. */
      branding: z
        .object({
          logo: publicLogo.nullable(),
          darkLogo: publicLogo.nullable(),
          logoSize: z.number().int(),
          /** Carries the favicon's version, so a new one is fetched at once. */
          faviconUrl: z.string().nullable(),
          slides: z.array(
            z.object({
              id: z.number(),
              artistName: z.string(),
              text: z.string(),
              link: z.string().nullable(),
              imageUrl: z.string().nullable(),
            }),
          ),
        })
        .optional(),
    }),
  }),
  'system.health': endpoint({
    method: 'GET',
    path: 'health',
    access: 'guest',
    summary: 'Liveness and database reachability',
    response: z.object({ ok: z.boolean(), database: z.enum(['pglite', 'postgres']), version: z.string() }),
  }),
  'files.get': endpoint({
    method: 'GET',
    path: 'files/{id}',
    access: 'auth',
    summary: 'Download a stored file of this workspace',
    params: idParams,
    response: z.unknown(),
    responseType: 'file',
  }),
  'jobs.get': endpoint({
    method: 'GET',
    path: 'jobs/{id}',
    access: 'auth',
    summary: 'State and progress of a background job you started (imports, exports, reports)',
    params: idParams,
    response: z.object({
      id: z.number(),
      type: z.string(),
      status: z.enum(['queued', 'running', 'done', 'failed']),
      progress: z.number(),
      attempts: z.number(),
      error: z.string().nullable(),
      result: z.unknown(),
      created: timestamp,
      finished: nullableTimestamp,
    }),
  }),
} as const
