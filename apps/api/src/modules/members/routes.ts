import { endpoints } from '@portal/api-client';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/route';
import { changePassword } from '../auth';
import * as service from './service';

export async function membersRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, endpoints.me, async ({ ctx, user }) => ({ items: await service.getMe(ctx, user.id) }));

  registerEndpoint(app, endpoints.settings, async ({ ctx, user }) => ({
    items: await service.getSettings(ctx, user.id),
  }));

  registerEndpoint(app, endpoints.updateSettings, async ({ ctx, user, params, body }) => ({
    items: await service.patchSettings(ctx, user.id, params.section, body),
  }));

  registerEndpoint(app, endpoints.updateLanguage, async ({ ctx, user, body }) => ({
    items: await service.patchSettings(ctx, user.id, 'setting_language', body),
  }));

  registerEndpoint(app, endpoints.changePassword, async ({ ctx, user, body }) => {
    await changePassword(ctx, user.id, user.sessionId, body.current_password, body.password);
    return { items: { ok: true as const } };
  });
}
