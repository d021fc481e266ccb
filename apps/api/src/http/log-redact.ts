import type { FastifyRequest } from 'fastify';

/**
 * Request URLs as the log shows them. Invitation and group-link tokens travel in the path, and
 * reset, setup and verify links in the query (`token=`): a log reader must not be able to use
 * them, so they are replaced before the line is written.
 */
const PATH_SECRETS: RegExp[] = [/(\/invite-members\/)[^/?#]+/g, /(\/groups\/)(?!\d+(?:[/?#]|$))[^/?#]+(\/join-requests)/g];
/** `s` is a signed link's signature (http/signed-url.ts): usable by whoever reads it, for minutes. */
const QUERY_SECRET = /([?&](?:token|unique_url|code|state|s)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  let out = url;
  for (const re of PATH_SECRETS) out = out.replace(re, (_m, a: string, b?: string) => `${a}[redacted]${typeof b === 'string' ? b : ''}`);
  return out.replace(QUERY_SECRET, '$1[redacted]');
}

/** Fastify's default request serializer, with the URL redacted. */
export function requestSerializer(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.headers.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
