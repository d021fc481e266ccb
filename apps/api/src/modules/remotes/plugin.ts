import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { REPO_ROOT } from '../../config';
import { publishBuilt } from './deploy';
import { isRemoteName, remotesRoot, VERSION_RE } from './manifest-store';
import { ManifestCache, type RegistryDb } from './registry';
import { IMMUTABLE, NO_CACHE, safeJoin, sendFile, shellCacheControl } from './static-files';
import { prerenderedPage } from './prerendered';
import { bearerToken } from '../../http/route';
import { accessTokenOwner } from '../auth';

export interface RemotesPluginOptions {
  /** Defaults to app.ctx.config.dataDir. */
  dataDir?: string;
  /** Repository root holding apps/<name>/dist; defaults to the checkout this file is in. */
  rootDir?: string;
  /**
   * Publish new remote builds in onReady. Default: on, unless REMOTES_AUTOPUBLISH=0 (API test
   * suites that build many apps skip the ~0.4 s copy of six builds per app).
   */
  publishOnReady?: boolean;
  /** Shared with the CSP (app.ts); defaults to a cache over app.ctx.db. */
  manifest?: ManifestCache;
}

const API_PREFIX = '/service/';
const notFoundBody = { status_code: 'NOT_FOUND', message: 'Not found.' };

function configured(app: FastifyInstance): { dataDir: string; registry: RegistryDb } {
  // app.ts decorates ctx before registering plugins; a bare instance without it is a wiring bug.
  const ctx = (app as Partial<FastifyInstance>).ctx;
  if (typeof ctx?.config.dataDir !== 'string' || !ctx.db) throw new Error('remotes plugin: app.ctx (config.dataDir, db) is not set');
  return { dataDir: ctx.config.dataDir, registry: { db: ctx.db, dialect: ctx.dialect } };
}

/**
 * Serves the frontend from the API process: /remotes.json (never cached by clients; read from the registry, see ManifestCache), the immutable remote
 * builds under /remotes/, and the shell at / with an SPA fallback. Registered without
 * encapsulation so `spaFallback` is visible to app.ts's not-found handler.
 */
async function remotesPlugin(app: FastifyInstance, opts: RemotesPluginOptions = {}): Promise<void> {
  const { dataDir: ctxDataDir, registry } = configured(app);
  const dataDir = opts.dataDir ?? ctxDataDir;
  const manifest = opts.manifest ?? new ManifestCache(registry.db);
  const rootDir = opts.rootDir ?? REPO_ROOT;
  const shellDist = path.join(rootDir, 'apps', 'shell', 'dist');
  const shellIndex = path.join(shellDist, 'index.html');

  /**
   * Answers a request no route matched: for a GET/HEAD that accepts HTML (client-side routes)
   * the shell's prerendered page of that path if it built one, else its index.html; otherwise a
   * 404 error body. Always sends a reply, so a not-found handler
   * calling it cannot loop.
   */
  async function spaFallback(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const wantsHtml =
      (request.method === 'GET' || request.method === 'HEAD') &&
      (request.headers.accept ?? '').includes('text/html') &&
      !request.url.startsWith(API_PREFIX);
    if (wantsHtml) {
      const page = prerenderedPage(shellDist, request);
      if (page && (await sendFile(request, reply, page, NO_CACHE, 'Cookie'))) return reply;
      if (await sendFile(request, reply, shellIndex, NO_CACHE)) return reply;
      return reply
        .code(503)
        .header('Cache-Control', 'no-store')
        .send({ status_code: 'INTERNAL_ERROR', message: 'The portal frontend has not been built (npm run build).' });
    }
    return reply.code(404).send(notFoundBody);
  }
  app.decorate('spaFallback', spaFallback);

  app.get('/remotes.json', async (request, reply) => {
    // The answer depends on who asks while a canary runs: no shared cache may keep it.
    reply.header('Cache-Control', 'no-store').header('Vary', 'Authorization');
    try {
      // The shell sends its access token (the refresh cookie never reaches this path); only a
      // live canary makes it worth looking up. Anonymous readers get the stable builds.
      const token = bearerToken(request);
      const userId = token && (await manifest.hasCanary()) ? await accessTokenOwner(app.ctx, token) : null;
      // The stable copy is serialised once per cache period, not per request.
      return reply.type('application/json; charset=utf-8').send(await manifest.jsonFor(userId));
    } catch (e) {
      // The shell keeps its last known good manifest on a non-200; a failing database must not crash us.
      request.log.error({ err: e }, 'remotes.json is unavailable');
      return reply.code(503).send({ status_code: 'INTERNAL_ERROR', message: 'remotes.json is unavailable.' });
    }
  });

  app.get('/remotes/*', async (request, reply) => {
    const rel = (request.params as { '*': string })['*'];
    const [name, version, ...rest] = rel.split('/');
    // Only <remote>/<version>/<file…> is public; state.json and temp folders are not.
    const shaped = name !== undefined && isRemoteName(name) && version !== undefined && VERSION_RE.test(version) && rest.length > 0;
    const file = shaped ? safeJoin(remotesRoot(dataDir), rel) : null;
    // A shell on another origin (CDN set-up) may load these; they are public build output.
    reply.header('Access-Control-Allow-Origin', '*');
    if (file && (await sendFile(request, reply, file, IMMUTABLE))) return reply;
    reply.removeHeader('Access-Control-Allow-Origin');
    return reply.code(404).header('Cache-Control', 'no-store').send(notFoundBody);
  });

  app.get('/*', async (request, reply) => {
    const rel = (request.params as { '*': string })['*'];
    if (request.url.startsWith(API_PREFIX)) return reply.callNotFound();
    if (rel === '' || rel === 'index.html') {
      if (await sendFile(request, reply, shellIndex, NO_CACHE)) return reply;
      return spaFallback(request, reply);
    }
    const file = safeJoin(shellDist, rel);
    if (file && (await sendFile(request, reply, file, shellCacheControl(rel)))) return reply;
    return spaFallback(request, reply);
  });

  if (opts.publishOnReady ?? process.env.REMOTES_AUTOPUBLISH !== '0') {
    app.addHook('onReady', async () => {
      const outcomes = await publishBuilt({ rootDir, dataDir, registry });
      manifest.invalidate();
      for (const o of outcomes) {
        if (o.status === 'failed') app.log.warn({ remote: o.name, error: o.error }, 'remote not published');
        else app.log.info({ remote: o.name, status: o.status, version: 'version' in o ? o.version : undefined }, 'remote');
      }
    });
  }
}

// No encapsulation, so the `spaFallback` decoration reaches the root instance.
export default fp(remotesPlugin, { name: 'remotes', fastify: '5.x' });
