import { API_PREFIX } from '@portal/api-client';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { HttpError } from './errors';
import { buildOpenApi } from './openapi';

/**
 * Health and the OpenAPI document. They describe the server itself rather than a contract
 * endpoint, so they are plain routes (and are left out of the registry they describe).
 */
export async function systemRoutes(app: FastifyInstance): Promise<void> {
  app.get(`${API_PREFIX}/health`, async () => {
    try {
      await sql`select 1`.execute(app.ctx.db);
    } catch (err) {
      app.log.error({ err }, 'health check: database unreachable');
      throw new HttpError(503, 'INTERNAL_ERROR', 'Database unreachable.');
    }
    return { items: { status: 'ok', db: 'ok' } };
  });

  let doc: Record<string, unknown> | null = null;
  app.get(`${API_PREFIX}/openapi.json`, async () => {
    // Built on first request: by then every module has registered its routes.
    doc ??= buildOpenApi(app.routeRegistry);
    return doc;
  });
}
