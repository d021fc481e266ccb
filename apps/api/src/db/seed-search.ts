import type { Kysely } from 'kysely';
import { rebuildIndex } from '../modules/search/reindex';
import type { DB } from './types';
import { ORDINARY_USER_INDEX } from './seed-data';

/** The ordinary member's saved search (a year of topics mentioning 東京). */
const DEMO_SAVED_QUERY = `keyword_search=${encodeURIComponent('東京')}&target_search=1&time_range=4`;

/**
 * Search demo data: the index of everything seeded so far (seeds write rows directly, so this
 * runs last) and one saved search, so the result page shows one on first start.
 */
export async function seedDemoSearch(trx: Kysely<DB>, { userIds, now }: { userIds: Map<number, number>; now: number }): Promise<void> {
  await rebuildIndex(trx);
  const userId = userIds.get(ORDINARY_USER_INDEX)!;
  const existing = await trx
    .selectFrom('saved_searches')
    .select('id')
    .where('user_id', '=', userId)
    .where('query', '=', DEMO_SAVED_QUERY)
    .executeTakeFirst();
  if (!existing)
    await trx
      .insertInto('saved_searches')
      .values({ user_id: userId, name: '東京', query: DEMO_SAVED_QUERY, last_seen_at: now - 7 * 86_400_000, created_at: now })
      .execute();
}
