import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { ensurePeriodicJob } from '../topics/jobs';
import { FILE_BIN_CLEANUP_JOB } from './jobs';
import { commonFileRoutes } from './routes-common';
import { groupFileRoutes } from './routes-group';
import './unread';

/**
 * The file engine: group shared folders, common shared files, the unread source for group
 * badges and the bin auto-delete job (run by the job runner the topics module installs).
 */
export async function filesRoutes(app: FastifyInstance): Promise<void> {
  // Limits are set per request (group file size, 30 files); an over-size file throws, not truncates.
  if (!app.hasRequestDecorator('isMultipart')) await app.register(multipart, { throwFileSizeLimit: true });
  await groupFileRoutes(app);
  await commonFileRoutes(app);
  await ensurePeriodicJob(app.ctx.db, FILE_BIN_CLEANUP_JOB, app.ctx.now(), app.ctx.now());
  // Staged bytes of a process that died mid-upload; no live upload takes a day.
  app.addHook('onListen', async () => {
    await app.ctx.storage.sweepStaging(STALE_STAGING_MS).catch((err: unknown) => app.log.warn({ err }, 'staging sweep failed'));
  });
}

const STALE_STAGING_MS = 24 * 60 * 60_000;
