import type { FastifyInstance } from 'fastify';
import { BIN_CLEANUP_JOB } from './delivery';
import { commonTopicRoutes } from './routes-common';
import { topicFileRoutes, topicMultipart } from './routes-files';
import { groupTopicRoutes } from './routes-group';
import { ensurePeriodicJob, installJobRunner } from '../../kernel';

/**
 * The topic engine: group and common topic routes (unread topics reach badges through the
 * notifications module's unread sources), and the
 * job runner (delivery, emergency mail, bin auto-delete) that polls while the server listens.
 */
export async function topicsRoutes(app: FastifyInstance): Promise<void> {
  await topicMultipart(app);
  await groupTopicRoutes(app);
  await commonTopicRoutes(app);
  await topicFileRoutes(app);
  await ensurePeriodicJob(app.ctx.db, BIN_CLEANUP_JOB, app.ctx.now(), app.ctx.now());
  installJobRunner(app);
}
