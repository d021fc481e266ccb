import { API_PREFIX, type Endpoint, MAX_ROW_ID } from '@portal/api-client';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext, AuthUser } from '../kernel/context';
import { refusePending } from '../modules/auth/pending';
import { refuseNoGroup } from '../modules/auth/no-group';
import { verifyOnce } from './rate-limit-keys';
import { verifyWithGroup } from '../modules/auth/access-prefetch';
import { rememberGroupAccess } from '../kernel/group-access';
import { HttpError, validationError } from './errors';
import { responseKey } from './response-cache';
import { checkText, type MultilinePaths, multilinePaths } from './text-rule';
import { hasSignature, isSignableGet, isSignableZip, mayKeep, verifySigned, withoutSignature } from './signed-url';

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

type Part<S> = [NonNullable<S>] extends [z.ZodNever] ? undefined : NonNullable<S> extends z.ZodType ? z.output<NonNullable<S>> : undefined;

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
  /**
   * A GET that only reads: its JSON may answer the same user and URL again while nothing was
   * written (response-cache.ts). Never for a route that writes, streams or sets headers.
   */
  responseCache?: boolean;
}

/** The options of a read that only reads: kept while nothing is written (response-cache.ts). */
export const cached: RouteOptions = { responseCache: true };

const JSON_TYPE = 'application/json; charset=utf-8';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m?.[1] ?? null;
}

/**
 * Reads under /members/me/groups/:id ask for the session and the group access in one statement
 * (groups/access-prefetch.ts); the id is taken as sent, before the params are validated, and an
 * id that is not a plain positive integer simply gets the ordinary lookup.
 */
const GROUP_READ = /^\/members\/me\/groups\/:id(?:\/|$)/;
const PLAIN_ID = /^[1-9][0-9]{0,14}$/;

async function authenticate(ctx: AppContext, request: FastifyRequest, groupRead: boolean): Promise<AuthUser> {
  const token = bearerToken(request);
  if (!token) throw new HttpError(401, 'INVALID_TOKEN');
  const rawId = groupRead ? (request.params as { id?: unknown }).id : undefined;
  // Past MAX_ROW_ID no group can match, and PostgreSQL would refuse the value: the ordinary path answers.
  const groupId = typeof rawId === 'string' && PLAIN_ID.test(rawId) && Number(rawId) <= MAX_ROW_ID ? Number(rawId) : null;
  const prefetch = groupId === null ? null : await verifyWithGroup(ctx, token, groupId);
  const result = prefetch ? prefetch.result : await verifyOnce(ctx, request, token);
  if (!result.ok) throw new HttpError(401, result.code);
  const user: AuthUser = {
    id: result.userId,
    companyId: result.companyId,
    isCompanyAdmin: result.isCompanyAdmin,
    commonTopicRole: result.commonTopicRole,
    sessionId: result.sessionId,
    pendingApproval: result.pendingApproval,
    noGroup: result.noGroup,
  };
  if (prefetch?.found !== undefined && groupId !== null) rememberGroupAccess(user, groupId, prefetch.found);
  return user;
}

/** The text rule (text-rule.ts) first, then the part's schema: a part without a schema is not read. */
function parsePart(schema: z.ZodType | undefined, value: unknown, multiline: MultilinePaths): unknown {
  if (!schema) return undefined;
  checkText(value, [], multiline);
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(parsed.error, [], { value });
  return parsed.data;
}

/**
 * Registers one contract endpoint: auth first (so every protected route answers 401 before it
 * looks at input), then strict zod parsing of params, query and body, then the handler. The
 * reply is parsed through the response schema too, which strips any column a query selected by
 * accident (a password hash can never leak through an object schema).
 */
/** Answers 304 when the browser already holds these bytes (the route has authorised it again). */
function notModified(request: FastifyRequest, reply: FastifyReply, result: unknown): boolean {
  const etag = reply.getHeader('etag');
  if (typeof etag !== 'string' || reply.statusCode !== 200 || request.headers['if-none-match'] !== etag) return false;
  if (result instanceof Readable) result.destroy();
  reply.removeHeader('content-length');
  void reply.code(304);
  return true;
}

export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: RouteOptions = {},
): void {
  const url = `${API_PREFIX}${endpoint.path}`;
  app.routeRegistry.push({ method: endpoint.method, url, auth: endpoint.auth, endpoint });
  const signable = isSignableGet(endpoint) || isSignableZip(endpoint);
  const groupRead = endpoint.method === 'GET' && GROUP_READ.test(endpoint.path);
  const cacheable = options.responseCache === true && endpoint.method === 'GET' && endpoint.auth;
  const lines = {
    params: multilinePaths(endpoint.params),
    query: multilinePaths(endpoint.query),
    body: multilinePaths(endpoint.body),
  };
  const handle = async (request: FastifyRequest, reply: FastifyReply, viaLink: boolean) => {
    const ctx = app.ctx;
    const responses = cacheable && !viaLink ? ctx.caches.responses : undefined;
    // Before anything is read, so a write that lands while this request reads makes it unkept.
    const epoch = responses?.epoch() ?? 0;
    let cacheKey: string | undefined;
    let rawQuery: unknown = request.query;
    let linkBody: unknown;
    let linkSeconds = 0;
    if (viaLink) {
      // A signed link stands in for the bearer token (see signed-url.ts); a request with a token
      // is the client's own call and is checked as one.
      const signed = await verifySigned(ctx, request.url);
      request.user = signed.user;
      refusePending(endpoint, request.user);
      linkSeconds = signed.remainingSeconds;
      ({ query: rawQuery, body: linkBody } = withoutSignature(request.query));
    } else if (endpoint.auth) {
      request.user = await authenticate(ctx, request, groupRead);
      refusePending(endpoint, request.user);
      refuseNoGroup(ctx, endpoint, request.user);
      if (responses) {
        cacheKey = responseKey(request.user.id, request.headers['accept-language'], request.url);
        const kept = responses.get(cacheKey);
        if (kept !== undefined) {
          void reply.type(JSON_TYPE);
          return kept;
        }
      }
    }
    const params = parsePart(endpoint.params, request.params, lines.params);
    const query = parsePart(endpoint.query, rawQuery, lines.query);
    // A body-less POST is treated as `{}` so the schema reports the missing fields by name; a
    // JSON body of `null` is a body, and its schema refuses it like any other non-object. A
    // multipart request to a multipart endpoint carries its body in a form part: the handler
    // parses it with the same schema while it streams the files (see readTopicForm).
    const formBody = endpoint.multipart !== undefined && 'isMultipart' in request && request.isMultipart();
    const body =
      viaLink && isSignableZip(endpoint)
        ? parsePart(endpoint.body, linkBody ?? {}, lines.body)
        : request.method === 'GET' || formBody
          ? undefined
          : parsePart(endpoint.body, request.body === undefined ? {} : request.body, lines.body);
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
    // A header the handler sets would be lost on a kept answer: such answers are not kept.
    const headersBefore = responses ? Object.keys(reply.getHeaders()).length : 0;
    const result = await handler(input);
    if (signable && request.method === 'GET') {
      // What the link loaded may be kept as long as the link lives, no longer, when the link
      // names fixed bytes; a download (attachment) is not kept at all.
      const inline = String(reply.getHeader('content-disposition') ?? '').startsWith('inline');
      if (viaLink && inline && reply.statusCode === 200) {
        reply.header('Cache-Control', mayKeep(endpoint, request.query) ? `private, max-age=${linkSeconds}` : 'private, no-cache');
      }
      if (notModified(request, reply, result)) return '';
    }
    const checked = endpoint.response.safeParse(result);
    if (!checked.success) {
      request.log.error({ issues: checked.error.issues, url }, 'response does not match the contract');
      throw new Error(`response of ${endpoint.method} ${url} does not match its schema`);
    }
    if (responses && cacheKey !== undefined && reply.statusCode === 200 && Object.keys(reply.getHeaders()).length === headersBefore) {
      const body = Buffer.from(JSON.stringify(checked.data));
      responses.store(cacheKey, epoch, body);
      void reply.type(JSON_TYPE);
      return body;
    }
    return checked.data;
  };
  const viaLink = (request: FastifyRequest) => signable && !request.headers.authorization && hasSignature(request.url);
  app.route({
    method: endpoint.method,
    url,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    config: options.rateLimitPerMinute
      ? // Logins and password resets: per address (an office shares one), with the failures of
        // each account throttled on their own (modules/auth/throttle.ts).
        {
          rateLimit: {
            max: options.rateLimitPerMinute,
            timeWindow: '1 minute',
            keyGenerator: (request: FastifyRequest) => `a${request.ip}`,
          },
        }
      : {},
    handler: (request, reply) => handle(request, reply, endpoint.method === 'GET' && viaLink(request)),
  });
  if (isSignableZip(endpoint)) {
    // The zip's navigable twin: signed links only, never a bearer token.
    app.route({
      method: 'GET',
      url,
      handler: (request, reply) => {
        if (!hasSignature(request.url)) throw new HttpError(401, 'INVALID_TOKEN');
        return handle(request, reply, true);
      },
    });
  }
}
