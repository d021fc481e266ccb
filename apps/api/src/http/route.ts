import { API_PREFIX, type Endpoint } from '@portal/api-client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext, AuthUser } from '../context';
import { refusePending } from '../modules/auth/pending';
import { verifyAccessToken } from '../modules/auth/tokens';
import { HttpError, validationError } from './errors';

/** One registered API route, kept so tests and the OpenAPI document can walk them all. */
export interface RouteInfo {
  method: Endpoint['method'];
  /** Full Fastify URL, e.g. /service/api/v1/members/me/settings/:section */
  url: string;
  auth: boolean;
  endpoint: Endpoint;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    routeRegistry: RouteInfo[];
    /** Set by the remotes plugin to serve the shell's index.html for client-side routes. */
    spaFallback?: (request: FastifyRequest, reply: FastifyReply) => unknown;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

type Part<S> = [NonNullable<S>] extends [z.ZodNever]
  ? undefined
  : NonNullable<S> extends z.ZodType
    ? z.output<NonNullable<S>>
    : undefined;

export interface EndpointInput<E extends Endpoint> {
  params: Part<E['params']>;
  query: Part<E['query']>;
  body: Part<E['body']>;
  /** The caller; reading it on a public endpoint without a token throws 401. */
  user: AuthUser;
  ctx: AppContext;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type EndpointHandler<E extends Endpoint> = (input: EndpointInput<E>) => Promise<z.input<E['response']>>;

export interface RouteOptions {
  /** Per-route limit for @fastify/rate-limit (requests per minute per IP). */
  rateLimitPerMinute?: number;
  /** Per-route body size limit in bytes (the app default is 1 MiB); the employee CSV import needs more. */
  bodyLimit?: number;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m?.[1] ?? null;
}

async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<AuthUser> {
  const token = bearerToken(request);
  if (!token) throw new HttpError(401, 'INVALID_TOKEN');
  const result = await verifyAccessToken(ctx, token);
  if (!result.ok) throw new HttpError(401, result.code);
  return {
    id: result.userId,
    companyId: result.companyId,
    isCompanyAdmin: result.isCompanyAdmin,
    sessionId: result.sessionId,
    pendingApproval: result.pendingApproval,
  };
}

function parsePart(schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/**
 * Registers one contract endpoint: auth first (so every protected route answers 401 before it
 * looks at input), then strict zod parsing of params, query and body, then the handler. The
 * reply is parsed through the response schema too, which strips any column a query selected by
 * accident (a password hash can never leak through an object schema).
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: RouteOptions = {},
): void {
  const url = `${API_PREFIX}${endpoint.path}`;
  app.routeRegistry.push({ method: endpoint.method, url, auth: endpoint.auth, endpoint });
  app.route({
    method: endpoint.method,
    url,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    config: options.rateLimitPerMinute
      ? { rateLimit: { max: options.rateLimitPerMinute, timeWindow: '1 minute' } }
      : {},
    handler: async (request, reply) => {
      const ctx = app.ctx;
      if (endpoint.auth) {
        request.user = await authenticate(ctx, request);
        refusePending(endpoint, request.user);
      }
      const params = parsePart(endpoint.params, request.params);
      const query = parsePart(endpoint.query, request.query);
      // A body-less POST is treated as `{}` so the schema reports the missing fields by name. A
      // multipart request to a multipart endpoint carries its body in a form part: the handler
      // parses it with the same schema while it streams the files (see readTopicForm).
      const formBody = endpoint.multipart !== undefined && 'isMultipart' in request && request.isMultipart();
      const body = endpoint.method === 'GET' || formBody ? undefined : parsePart(endpoint.body, request.body ?? {});
      const input = {
        params,
        query,
        body,
        ctx,
        request,
        reply,
        get user(): AuthUser {
          if (!request.user) throw new HttpError(401, 'INVALID_TOKEN');
          return request.user;
        },
      } as EndpointInput<E>;
      const result = await handler(input);
      const checked = endpoint.response.safeParse(result);
      if (!checked.success) {
        request.log.error({ issues: checked.error.issues, url }, 'response does not match the contract');
        throw new Error(`response of ${endpoint.method} ${url} does not match its schema`);
      }
      return checked.data;
    },
  });
}
