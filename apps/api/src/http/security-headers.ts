import type { FastifyInstance } from 'fastify';

export interface SecurityHeaderOptions {
  /** Origin of the portal itself (PUBLIC_URL's); https turns on HSTS. */
  publicUrl: string;
  /** Entry URLs of the published remotes (relative = this origin); read per HTML page. */
  remoteEntries: () => Promise<string[]>;
  /**
   * Further origins pages may connect to: the Firebase web SDK's endpoints, only when browsers
   * use the Firestore transport (FIREBASE_REALTIME=firestore with FIREBASE_WEB_API_KEY).
   */
  connectOrigins?: string[];
}

/** Origins other than our own that serve remote entries (a CDN set-up); relative entries are ours. */
export function foreignOrigins(entries: string[], publicUrl: string): string[] {
  const self = new URL(publicUrl).origin;
  const out = new Set<string>();
  for (const e of entries) {
    try {
      const origin = new URL(e, publicUrl).origin;
      if (origin !== self && /^https?:/.test(origin)) out.add(origin);
    } catch {
      // An unparsable entry cannot load anyway; it earns no exception in the policy.
    }
  }
  return [...out].sort();
}

/**
 * The page policy. Scripts only from this origin and the remotes' origins, never inline or eval;
 * Module Federation loads each remoteEntry.js and its chunks by <script src> and fetches its
 * mf-manifest.json, so those origins are in script-src and connect-src. Styles allow inline:
 * React style props and the sanitised topic HTML use them, and a style cannot run script.
 * blob: images, video and frames are the file previews the pages build from fetched bytes.
 */
export function contentSecurityPolicy(remoteOrigins: string[], connectOrigins: string[] = []): string {
  const r = remoteOrigins.length ? ` ${remoteOrigins.join(' ')}` : '';
  const c = connectOrigins.length ? ` ${connectOrigins.join(' ')}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${r}`,
    `style-src 'self' 'unsafe-inline'${r}`,
    `img-src 'self' data: blob:${r}`,
    `font-src 'self' data:${r}`,
    `connect-src 'self'${r}${c}`,
    "media-src 'self' blob:",
    "frame-src 'self' blob:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The camera for the QR scanner, on our own pages only; nothing else powerful. */
export const PERMISSIONS_POLICY = 'camera=(self), microphone=(), geolocation=(), payment=(), usb=()';

/**
 * Headers on every response: no MIME sniffing and a referrer that never carries a path off the
 * site (reset and invite links hold their token in the URL). HTML pages get the CSP and the
 * framing and feature limits; JSON answers a policy that lets them run nothing if opened.
 * A route that set its own CSP (file downloads: sandbox) keeps it.
 */
export function securityHeaders(app: FastifyInstance, opts: SecurityHeaderOptions): void {
  const https = opts.publicUrl.startsWith('https://');
  // A callback hook, not an async one: every JSON answer passes here, and only an HTML page
  // has to wait for anything (the remote entries of its policy).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (https) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (reply.hasHeader('content-security-policy')) return done(null, payload);
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('application/json')) {
      reply.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
      return done(null, payload);
    }
    if (!type.startsWith('text/html')) return done(null, payload);
    opts
      .remoteEntries()
      .catch((err: unknown) => {
        request.log.warn({ err }, 'remote entries unavailable for the CSP');
        return [];
      })
      .then((entries) => {
        reply.header('Content-Security-Policy', contentSecurityPolicy(foreignOrigins(entries, opts.publicUrl), opts.connectOrigins));
        reply.header('Permissions-Policy', PERMISSIONS_POLICY);
        reply.header('X-Frame-Options', 'DENY');
        reply.header('Cross-Origin-Opener-Policy', 'same-origin');
        done(null, payload);
      }, done);
  });
}
