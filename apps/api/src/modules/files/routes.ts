import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { sweepStorage } from '../../ops/sweep';
import { FILE_BIN_CLEANUP_JOB, stagingMaxAge, STORAGE_SWEEP_EVERY_MS, STORAGE_SWEEP_JOB } from './jobs';
import { commonFileRoutes } from './routes-common';
import { groupFileRoutes } from './routes-group';
import { ensurePeriodicJob } from '../../kernel';
import { announceFolderWrites } from './events';

/**
 * The file engine: group shared folders, common shared files and the bin auto-delete job (run
 * by the job runner the topics module installs). Unread files reach badges through the
 * notifications module's unread sources.
 */
export async function filesRoutes(app: FastifyInstance): Promise<void> {
  // Limits are set per request (group file size, 30 files); an over-size file throws, not truncates.
  if (!app.hasRequestDecorator('isMultipart')) await app.register(multipart, { throwFileSizeLimit: true });
  // Open folder views of other members refetch on a change, as topic pages do.
  announceFolderWrites(app);
  await groupFileRoutes(app);
  await commonFileRoutes(app);
  await ensurePeriodicJob(app.ctx.db, FILE_BIN_CLEANUP_JOB, app.ctx.now(), app.ctx.now());
  await ensurePeriodicJob(app.ctx.db, STORAGE_SWEEP_JOB, app.ctx.now() + STORAGE_SWEEP_EVERY_MS, app.ctx.now());
  // What a crash left behind (unfinished moves, dead uploads, orphans), before serving.
  app.addHook('onListen', async () => {
    const r = await sweepStorage(app.ctx, stagingMaxAge(app.ctx)).catch((err: unknown) => app.log.warn({ err }, 'storage sweep failed'));
    if (r && (r.adopted || r.removedStaged || r.removedOrphans)) app.log.info(r, 'storage swept');
  });
}
