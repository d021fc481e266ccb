import { endpoints } from '@portal/api-client';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/route';
import { signTarget } from '../../http/signed-url';

/**
 * Signs links for the caller only. Nothing is authorised here: a link is worth exactly what its
 * user may read, and the route it names checks that on every request (a link to a file the user
 * may not read fails there, with the route's own 403 or 404).
 */
export async function linksRoutes(app: FastifyInstance) {
  registerEndpoint(app, endpoints.signUrls, async ({ ctx, user, body }) => ({
    urls: body.items.map((item) => signTarget(ctx, user.id, item.path, item.body)),
  }));
}
