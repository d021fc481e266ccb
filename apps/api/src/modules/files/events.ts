import { API_PREFIX, FILES_EVENT_KIND, type FilesEventPayload } from '@portal/api-client';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../kernel';

/** Per-user marks and reads: they change nobody else's view of the folder. */
const NOT_SHARED = /mark-read|favorite|download|is-favorite/;

/**
 * Tells everyone who sees a shared folder that it changed, after the write answered: the group's
 * members, or for the common folder every active user of the company. The bus never fails a
 * request (realtime is a hint over stored data).
 */
export async function publishFilesEvent(ctx: AppContext, companyId: number, groupId: number | null): Promise<void> {
  const rows =
    groupId === null
      ? await ctx.db
          .selectFrom('users')
          .select('id as user_id')
          .where('company_id', '=', companyId)
          .where('status', '=', 'active')
          .execute()
      : await ctx.db.selectFrom('group_members').select('user_id').where('group_id', '=', groupId).execute();
  if (rows.length === 0) return;
  const payload: FilesEventPayload = { group_id: groupId };
  await ctx.bus.publish(
    rows.map((r) => r.user_id),
    { kind: FILES_EVENT_KIND, payload },
  );
}

/**
 * Every successful write of the file routes (registered in this plugin's scope only) announces
 * the folder it touched: group routes carry the group as `:id`, the common ones none.
 */
export function announceFolderWrites(app: FastifyInstance): void {
  // onSend: the write has committed and the answer is not out yet, so whoever reloads on the
  // answer and whoever reloads on the event both see the change.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'GET' || reply.statusCode >= 300 || !request.user) return payload;
    const url = request.routeOptions.url ?? '';
    if (NOT_SHARED.test(url)) return payload;
    const raw = url.startsWith(`${API_PREFIX}/members/me/groups/:id/`) ? (request.params as { id?: string }).id : undefined;
    const groupId = raw === undefined ? null : Number(raw);
    if (groupId !== null && !Number.isSafeInteger(groupId)) return payload;
    await publishFilesEvent(app.ctx, request.user.companyId, groupId).catch((err: unknown) =>
      request.log.warn({ err }, 'files event not sent'),
    );
    return payload;
  });
}
