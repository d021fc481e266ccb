import { endpoints, type SetupBody } from '@portal/api-client';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../kernel';
import { HttpError } from '../../http/errors';
import { registerEndpoint } from '../../http/route';
import { hashPassword } from './password';
import { hashToken, newToken } from './tokens';
import { insertUser } from '../users';

/** A first-administrator link lives a day: long enough to find it in the log, short if it leaks. */
export const SETUP_LINK_TTL_MS = 24 * 60 * 60_000;

const invalidLink = () => new HttpError(400, 'INVALID_LINK', 'The link is invalid.');

/**
 * On an empty database of a real deployment: a one-time link that creates the company and its
 * first administrator. Returns the link to print, or null when there is nothing to do (a company
 * exists, or a live link was already printed by an earlier start: it is printed once).
 */
export async function offerFirstSetup(ctx: AppContext): Promise<string | null> {
  const company = await ctx.db.selectFrom('companies').select('id').limit(1).executeTakeFirst();
  if (company) return null;
  const now = ctx.now();
  const live = await ctx.db
    .selectFrom('setup_links')
    .select('id')
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (live) return null;
  const token = newToken();
  await ctx.db
    .insertInto('setup_links')
    .values({ token_hash: hashToken(token), expires_at: now + SETUP_LINK_TTL_MS, used_at: null, created_at: now })
    .execute();
  return `${ctx.config.publicUrl}/setup?token=${encodeURIComponent(token)}`;
}

async function linkState(ctx: AppContext, token: string) {
  const row = await ctx.db
    .selectFrom('setup_links')
    .select(['id', 'expires_at', 'used_at'])
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || row.used_at !== null) return { state: 'invalid' as const };
  if (Number(row.expires_at) <= ctx.now()) return { state: 'expired' as const };
  return { state: 'valid' as const, id: row.id };
}

/** Consumes the link and creates the company with its first administrator, all or nothing. */
export async function completeSetup(ctx: AppContext, body: SetupBody): Promise<{ user_id: number; company_id: number }> {
  const s = await linkState(ctx, body.token);
  if (s.state === 'expired') throw new HttpError(400, 'RESET_LINK_EXPIRED', 'The link has expired.');
  if (s.state === 'invalid') throw invalidLink();
  const hash = await hashPassword(body.password);
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('setup_links')
      .set({ used_at: now })
      .where('id', '=', s.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw invalidLink();
    // The link exists only for an empty database; one made before a company appeared is dead.
    if (await trx.selectFrom('companies').select('id').limit(1).executeTakeFirst()) throw invalidLink();
    const company = await trx
      .insertInto('companies')
      .values({ name: body.company_name, name_kana: '', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const userId = await insertUser(
      trx,
      {
        company_id: company.id,
        employee_number: body.employee_number,
        email: body.email.toLowerCase(),
        password_hash: hash,
        last_name: body.last_name,
        first_name: body.first_name,
        last_name_kana: body.last_name_kana,
        first_name_kana: body.first_name_kana,
        is_company_admin: 1,
        common_topic_role: 1,
      },
      now,
    );
    return { user_id: userId, company_id: company.id };
  });
}

export async function setupRoutes(app: FastifyInstance, strict: { rateLimitPerMinute: number }): Promise<void> {
  registerEndpoint(
    app,
    endpoints.checkSetupLink,
    async ({ ctx, body }) => {
      const s = await linkState(ctx, body.token);
      return { items: { valid: s.state === 'valid', expired: s.state === 'expired' } };
    },
    strict,
  );
  registerEndpoint(app, endpoints.completeSetup, async ({ ctx, body }) => ({ items: await completeSetup(ctx, body) }), strict);
}

/** The console banner: loud, because it is the only way in to a new deployment. */
export function setupBanner(link: string): string {
  const line = '='.repeat(78);
  return `\n${line}\nFIRST START: no company yet. Create the first company administrator within 24 hours at\n  ${link}\nThis link is shown once and works once.\n${line}\n\n`;
}

export const DEMO_SEED_WARNING =
  'SEED_DEMO=1 on a production or public deployment: the demo company is being created with the password published in README. ' +
  'Anyone can log in as its administrator. Never do this on a real deployment.';
