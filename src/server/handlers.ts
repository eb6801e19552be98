import type { EndpointDef, EndpointResult, ParsedInput, Endpoints, EndpointId } from '@contract/index'
import type { AuthedContext, RequestContext } from './context'

type ContextFor<E extends EndpointDef> = E['access'] extends 'guest' ? RequestContext : AuthedContext

export type Handler<E extends EndpointDef> = (input: ParsedInput<E> & { ctx: ContextFor<E> }) => Promise<EndpointResult<E>>

/** A domain's handlers, one per contract id it owns. */
export type Handlers<Ids extends EndpointId> = { [K in Ids]: Handler<Endpoints[K]> }

export type AnyHandler = (input: {
  params: unknown
  query: unknown
  body: unknown
  files: unknown
  ctx: RequestContext
}) => Promise<unknown>

/** Ids of a contract group, e.g. `IdsOf<typeof authEndpoints>`. */
export type IdsOf<Group> = Extract<keyof Group, EndpointId>
