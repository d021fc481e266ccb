import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from './config';
import type { AppContext } from './kernel/context';
import { createDb, migrateToLatest } from './db';
import { seedDemo } from './db/seed';
import { frameworkError, installErrorHandling, rateLimitBody } from './http/error-handler';
import { shedOnPoolQueue } from './http/shed';
import { admitRequests } from './http/admission';
import { shedOnEventLoopLag } from './http/lag-shed';
import { refuseBadEscapes } from './http/text-rule';
import { batchedRedisStore } from './http/rate-limit-store';
import { limiterKey, limiterMax } from './http/rate-limit-keys';
import type { RouteInfo } from './http/route';
import { requestSerializer } from './http/log-redact';
import { accessLog } from './http/access-log';
import { securityHeaders } from './http/security-headers';
import { systemRoutes } from './http/system';
import { probeRoutes } from './http/probes';
import { countedMailer, installMetrics } from './ops/metrics';
import { createMailer } from './mail';
import { authRoutes, DEMO_SEED_WARNING, offerFirstSetup, passwordWork, setupBanner } from './modules/auth';
import { groupsRoutes } from './modules/groups';
import { membersRoutes } from './modules/members';
import { topicsRoutes } from './modules/topics';
import { filesRoutes } from './modules/files';
import { calendarRoutes } from './modules/calendar';
import { chatRoutes } from './modules/chat';
import { notificationsRoutes } from './modules/notifications';
import { newsRoutes } from './modules/news';
import { searchRoutes } from './modules/search';
import { settingsRoutes } from './modules/settings';
import { helpRoutes } from './modules/help';
import { adminRoutes } from './modules/admin';
import { linksRoutes } from './modules/links';
import { createBus, createCaches, pgGroupAccessCache } from './kernel';
import { createResponseCache } from './http/response-cache';
import { browserFirestore, FIREBASE_BROWSER_ORIGINS, firebaseRoutes, installFirestoreSweep, withFirestoreMirror } from './modules/firebase';
import { realtimePlugin } from './modules/realtime';
import { ManifestCache, releaseRoutes, remotesPlugin, remotesRoutes } from './modules/remotes';
import { createStorage } from './storage';
import { writePoolStats } from './db/pool-stats';

/**
 * The whole API as a Fastify instance: migrations run and (on an empty database) demo data is
 * seeded before it is returned, so `listen` or `inject` can follow at once.
 */
export async function buildApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, serializers: { req: requestSerializer } },
    // One line per request from accessLog() instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    bodyLimit: 1024 * 1024,
    // Bounds an upload (and so the age of a live staged file, see ops/sweep.ts).
    requestTimeout: config.uploadTimeoutMs,
    frameworkErrors: frameworkError,
  });

  const database = createDb(config);
  const stopPoolStats =
    config.databasePoolStatsFile && database.poolStats ? writePoolStats(config.databasePoolStatsFile, database.poolStats) : undefined;
  const mailer = countedMailer(createMailer(config));
  const baseBus = createBus({ redisUrl: config.redisUrl, logger: app.log });
  // FIREBASE_REALTIME=firestore: every event also lands in Firestore for Firebase clients.
  const bus = config.firebase?.firestoreCollection ? withFirestoreMirror(baseBus, config.firebase, config.now, app.log) : baseBus;
  const storage = await createStorage(config);
  // One process only: the write epoch cannot see another process's writes (response-cache.ts).
  const responseCacheMs = config.redisUrl ? 0 : config.responseCacheMs;
  const responses = responseCacheMs > 0 ? createResponseCache(responseCacheMs, config.now, database.writes) : undefined;
  const groupAccess =
    config.databaseUrl && config.groupAccessCacheMs > 0
      ? pgGroupAccessCache(config.databaseUrl, config.groupAccessCacheMs, config.now)
      : undefined;
  const caches = createCaches(config.sessionCacheMs, config.now, bus, responses, groupAccess);
  const ctx: AppContext = {
    db: database.db,
    dialect: database.dialect,
    config,
    mailer,
    bus,
    storage,
    now: config.now,
    caches,
    writes: database.writes,
  };
  app.decorate('ctx', ctx);
  app.decorate('routeRegistry', [] as RouteInfo[]);
  app.decorateRequest('user', null);

  const limiterRedis = config.redisUrl
    ? new Redis(config.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  // skipOnError lets requests through while Redis is down; log instead of crashing on 'error'.
  limiterRedis?.on('error', (err) => app.log.warn({ err }, 'rate-limit redis error'));
  // Counts in the process and adds them to Redis per key every 100 ms (rate-limit-store.ts).
  const limiterStore = limiterRedis ? batchedRedisStore(limiterRedis, config.rateLimitPrefix) : undefined;

  app.addHook('onClose', async () => {
    stopPoolStats?.();
    limiterStore?.close();
    caches.close();
    await groupAccess?.close();
    await bus.close();
    mailer.close();
    limiterRedis?.disconnect();
    await database.destroy();
  });

  try {
    await migrateToLatest(database.db);
    if (config.firstRun === 'seed') {
      if (config.demoSeedForced) app.log.warn(`!!! ${DEMO_SEED_WARNING} !!!`);
      await seedDemo(ctx, { onlyIfEmpty: true });
    } else if (config.firstRun === 'setup-link') {
      const link = await offerFirstSetup(ctx);
      // Straight to stdout: whatever the log level, this is the only way in.
      if (link) process.stdout.write(setupBanner(link));
    }
  } catch (err) {
    await app.close();
    throw err;
  }

  accessLog(app);
  installErrorHandling(app);
  // Overload is answered 503 + Retry-After at once instead of queueing (http/shed.ts).
  const poolShed = shedOnPoolQueue(app, database.poolWaiting, config.databaseQueueMax);
  // The bound on work in flight, on both databases: what a process answers per second sets how
  // long its admitted calls take, so only as many are admitted as it answers in time.
  const door = admitRequests(app, {
    max: config.requestsInFlightMax,
    queueWaitMs: config.requestsQueueWaitMs,
    loopTargetMs: config.requestsLoopTargetMs,
  });
  // A CPU-bound process never fills that queue: its event loop's delay tells instead.
  const lagShed = shedOnEventLoopLag(app, {
    thresholdMs: config.eventLoopShedMs,
    windowMs: config.eventLoopShedWindowMs,
    minInFlight: config.eventLoopShedMinInFlight,
  });
  refuseBadEscapes(app, '/service/api/');
  passwordWork.configure({ maxQueued: config.passwordHashQueueMax });
  // Before any route: it times the routes registered after it.
  installMetrics(app, {
    allow: config.metricsAllow,
    behindTrustedProxy: config.trustProxy.length > 0,
    pool: database.poolStats,
    shedding: {
      limit: door.limit,
      waiting: door.waiting,
      shed: () => ({ door: door.shed(), pool_queue: poolShed.shed(), event_loop: lagShed.shed() }),
    },
    db: database.db,
    now: config.now,
  });
  const remoteManifest = new ManifestCache(database.db);
  securityHeaders(app, {
    publicUrl: config.publicUrl,
    // The registry every node shares; absolute (CDN) entries put their origin into the policy.
    remoteEntries: () => remoteManifest.entries(),
    connectOrigins: browserFirestore(config.firebase) ? FIREBASE_BROWSER_ORIGINS : [],
  });
  await app.register(cookie);
  // JSON answers over 1 KB, at fast levels (a feed page is ~10 KB of repetitive JSON). Static
  // files are sent from precompressed siblings (static-files.ts) and already carry their
  // Content-Encoding, which this hook leaves alone; downloads are not JSON and stream untouched.
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: /^application\/json\b/,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 4 },
  });
  await app.register(rateLimit, {
    global: true,
    // Per user when signed in, per address when not (rate-limit-keys.ts).
    keyGenerator: limiterKey(() => ctx),
    max: limiterMax(config.rateLimitMax, config.rateLimitAnon),
    timeWindow: '1 minute',
    // Static shell and remote assets are not API calls; one page load fetches dozens.
    allowList: (request) => !request.url.startsWith('/service/api/'),
    errorResponseBuilder: () => rateLimitBody(),
    // The limit's headers only on a refusal (429 with Retry-After): on every other answer they
    // were three headers per response that no client reads.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    ...(limiterStore ? { store: limiterStore.Store, skipOnError: true } : {}),
  });

  await app.register(systemRoutes);
  await app.register(probeRoutes, { redis: limiterRedis });
  await app.register(authRoutes);
  await app.register(membersRoutes);
  await app.register(groupsRoutes);
  await app.register(topicsRoutes);
  await app.register(filesRoutes);
  await app.register(calendarRoutes);
  await app.register(chatRoutes);
  await app.register(notificationsRoutes);
  await app.register(newsRoutes);
  await app.register(searchRoutes);
  await app.register(settingsRoutes);
  await app.register(helpRoutes);
  await app.register(adminRoutes);
  await app.register(releaseRoutes);
  await app.register(linksRoutes);
  await app.register(firebaseRoutes);
  await app.register(remotesRoutes, { manifest: remoteManifest });

  await app.register(realtimePlugin);
  installFirestoreSweep(app);
  await app.register(remotesPlugin, { manifest: remoteManifest });
  return app;
}
