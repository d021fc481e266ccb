import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../kernel/context';
import { verifyAccessToken, type VerifyResult } from '../modules/auth/tokens';

/**
 * Whom the API's per-minute limit counts. A whole office usually reaches the portal through one
 * proxy or NAT address, so a call made with a valid access token counts against its user
 * (`u<id>`), whatever the address; only anonymous calls (and calls with a token that does not
 * verify) count against the address (`a<ip>`), under a limit of their own.
 *
 * The token is verified once per request: the route's authentication reuses this answer
 * (verifyOnce), and the session cache (caches.ts) makes it a map lookup on hot paths.
 */
const verified = new WeakMap<FastifyRequest, Promise<VerifyResult>>();

export function verifyOnce(ctx: AppContext, request: FastifyRequest, token: string): Promise<VerifyResult> {
  let result = verified.get(request);
  if (!result) {
    result = verifyAccessToken(ctx, token);
    verified.set(request, result);
  }
  return result;
}

const BEARER = /^Bearer\s+(\S+)$/i;

export function limiterKey(ctx: () => AppContext): (request: FastifyRequest) => Promise<string> {
  return async (request) => {
    const header = request.headers.authorization;
    // Static files are outside the limit (allowList); do no work for them.
    if (header && request.url.startsWith('/service/api/')) {
      const token = BEARER.exec(header)?.[1];
      if (token) {
        const result = await verifyOnce(ctx(), request, token).catch(() => null);
        if (result?.ok) return `u${result.userId}`;
      }
    }
    return `a${request.ip}`;
  };
}

/** The per-minute limit of a key: per user for signed-in calls, per address for anonymous ones. */
export function limiterMax(perUser: number, perAddress: number): (request: FastifyRequest, key: string) => number {
  return (_request, key) => (key.charCodeAt(0) === 117 /* u */ ? perUser : perAddress);
}
