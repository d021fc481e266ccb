import { type AdminNewsItem, type cmsNewsBody, InformationType } from '@portal/api-client';
import type { z } from 'zod';
import type { AppContext, AuthUser } from '../../kernel';
import { HttpError } from '../../http/errors';
import { sanitizeHtml } from '../../text/sanitize';
import { publishNewsChanged } from './events';

type Body = z.output<typeof cmsNewsBody>;

const newsNotFound = () => new HttpError(404, 'NOT_FOUND', 'The news item does not exist.');
const groupNotFound = () => new HttpError(404, 'GROUP_NOT_FOUND', 'The group does not exist or has been deleted.');

/** The stored row for a body: HTML through the topic sanitiser (no images: nothing would serve them). */
async function rowOf(ctx: AppContext, user: AuthUser, body: Body) {
  if (body.group_id !== null) {
    const g = await ctx.db
      .selectFrom('groups')
      .select('id')
      .where('id', '=', body.group_id)
      .where('company_id', '=', user.companyId)
      .executeTakeFirst();
    if (!g) throw groupNotFound();
  }
  const { html, text } = sanitizeHtml(body.content, { images: false });
  if (text.trim() === '') throw new HttpError(400, 'VALIDATION_ERROR', undefined, { content: ['validation.required'] });
  return {
    title: body.title,
    content: html,
    placement: body.placement,
    group_id: body.group_id,
    target_type: body.target_type,
    target_id: body.group_id,
    display_type: body.display_type,
  };
}

function present(r: any): AdminNewsItem {
  return {
    id: r.id,
    type: r.type,
    title: r.title,
    content: r.content,
    placement: r.placement,
    target_type: r.target_type,
    target_id: r.target_id,
    group_id: r.group_id,
    group_name: r.group_name ?? null,
    display_type: r.display_type,
    is_readed: false,
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at),
    withdrawn_at: r.withdrawn_at === null ? null : Number(r.withdrawn_at),
  };
}

const cmsRows = (ctx: AppContext, user: AuthUser) =>
  ctx.db
    .selectFrom('informations as i')
    .leftJoin('groups as g', 'g.id', 'i.group_id')
    .selectAll('i')
    .select('g.name as group_name')
    .where('i.company_id', '=', user.companyId)
    .where('i.type', '=', InformationType.CMS);

export async function getCms(ctx: AppContext, user: AuthUser, id: number): Promise<AdminNewsItem> {
  const r = await cmsRows(ctx, user).where('i.id', '=', id).executeTakeFirst();
  if (!r) throw newsNotFound();
  return present(r);
}

export async function listCms(ctx: AppContext, user: AuthUser, opts: { page: number; limit: number }) {
  const total = Number(
    (
      (await ctx.db
        .selectFrom('informations')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('company_id', '=', user.companyId)
        .where('type', '=', InformationType.CMS)
        .executeTakeFirstOrThrow()) as { n: unknown }
    ).n,
  );
  const rows = await cmsRows(ctx, user)
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit)
    .execute();
  return { data: rows.map(present), current_page: opts.page, last_page: Math.max(1, Math.ceil(total / opts.limit)), total };
}

/** Everyone of the company may see a CMS item: their news lists refetch. */
async function announce(ctx: AppContext, user: AuthUser) {
  const ids = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('company_id', '=', user.companyId)
    .where('status', '=', 'active')
    .execute();
  await publishNewsChanged(
    ctx,
    ids.map((u) => u.id),
  );
}

export async function createCms(ctx: AppContext, user: AuthUser, body: Body): Promise<AdminNewsItem> {
  const now = ctx.now();
  const row = await ctx.db
    .insertInto('informations')
    .values({
      ...(await rowOf(ctx, user, body)),
      company_id: user.companyId,
      type: InformationType.CMS,
      user_id: null,
      created_by: user.id,
      withdrawn_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await announce(ctx, user);
  return getCms(ctx, user, row.id);
}

/** An edit counts as new for readers: their read marks go, so it shows NEW again. */
export async function updateCms(ctx: AppContext, user: AuthUser, id: number, body: Body): Promise<AdminNewsItem> {
  const existing = await getCms(ctx, user, id);
  if (existing.withdrawn_at !== null) throw newsNotFound();
  // Before the transaction: rowOf reads through ctx.db, which on SQLite would wait forever for
  // the one connection the transaction holds.
  const row = await rowOf(ctx, user, body);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('informations')
      .set({ ...row, updated_at: ctx.now() })
      .where('id', '=', id)
      .execute();
    await trx.deleteFrom('information_reads').where('information_id', '=', id).execute();
  });
  await announce(ctx, user);
  return getCms(ctx, user, id);
}

export async function withdrawCms(ctx: AppContext, user: AuthUser, id: number): Promise<void> {
  await getCms(ctx, user, id);
  await ctx.db
    .updateTable('informations')
    .set({ withdrawn_at: ctx.now(), updated_at: ctx.now() })
    .where('id', '=', id)
    .where('withdrawn_at', 'is', null)
    .execute();
  await announce(ctx, user);
}
