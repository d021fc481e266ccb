import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { REPO_ROOT } from '../../config';
import { publishBuilt } from './deploy';
import { isRemoteName, readManifest, remotesRoot, VERSION_RE } from './manifest-store';
import { IMMUTABLE, NO_CACHE, safeJoin, sendFile, shellCacheControl } from './static-files';

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
}

const API_PREFIX = '/service/';
const notFoundBody = { status_code: 'NOT_FOUND', message: 'Not found.' };

function configuredDataDir(app: FastifyInstance): string {
  // app.ts decorates ctx before registering plugins; a bare instance without it is a wiring bug.
  const dir = (app as Partial<FastifyInstance>).ctx?.config.dataDir;
  if (typeof dir !== 'string') throw new Error('remotes plugin: app.ctx.config.dataDir is not set');
  return dir;
}

/**
 * Serves the frontend from the API process: /remotes.json (never cached), the immutable remote
 * builds under /remotes/, and the shell at / with an SPA fallback. Registered without
 * encapsulation so `spaFallback` is visible to app.ts's not-found handler.
 */
async function remotesPlugin(app: FastifyInstance, opts: RemotesPluginOptions = {}): Promise<void> {
  const dataDir = opts.dataDir ?? configuredDataDir(app);
  const rootDir = opts.rootDir ?? REPO_ROOT;
  const shellDist = path.join(rootDir, 'apps', 'shell', 'dist');
  const shellIndex = path.join(shellDist, 'index.html');

  /**
   * Answers a request no route matched: the shell's index.html for a GET/HEAD that accepts HTML
   * (client-side routes), otherwise a 404 error body. Always sends a reply, so a not-found handler
   * calling it cannot loop.
   */
  async function spaFallback(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const wantsHtml = (request.method === 'GET' || request.method === 'HEAD') &&
      (request.headers.accept ?? '').includes('text/html') &&
      !request.url.startsWith(API_PREFIX);
    if (wantsHtml && (await sendFile(request, reply, shellIndex, NO_CACHE))) return reply;
    if (wantsHtml) {
      return reply.code(503).header('Cache-Control', 'no-store')
        .send({ status_code: 'INTERNAL_ERROR', message: 'The portal frontend has not been built (npm run build).' });
    }
    return reply.code(404).send(notFoundBody);
  }
  app.decorate('spaFallback', spaFallback);

  app.get('/remotes.json', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    try {
      return await readManifest(dataDir);
    } catch (e) {
      // The shell keeps its last known good manifest on a non-200; a broken file must not crash us.
      request.log.error({ err: e }, 'remotes.json is missing or invalid');
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
      const outcomes = await publishBuilt({ rootDir, dataDir });
      for (const o of outcomes) {
        if (o.status === 'failed') app.log.warn({ remote: o.name, error: o.error }, 'remote not published');
        else app.log.info({ remote: o.name, status: o.status, version: 'version' in o ? o.version : undefined }, 'remote');
      }
    });
  }
}

// No encapsulation, so the `spaFallback` decoration reaches the root instance.
export default fp(remotesPlugin, { name: 'remotes', fastify: '5.x' });
