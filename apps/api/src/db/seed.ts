import type { AppContext } from '../kernel/context';
import { hashPassword } from '../modules/auth/password';
import {
  DEMO_COMPANY,
  DEMO_GROUPS,
  DEMO_PASSWORD,
  DEMO_USERS,
  demoRoles,
  MUTED_GROUP_FOR_ORDINARY,
  ORDINARY_USER_INDEX,
} from './seed-data';
import { seedDemoChats } from './seed-chat';
import { seedDemoTopics } from './seed-topics';
import { seedDemoCalendar } from './seed-calendar';
import { seedDemoNotifications } from './seed-notifications';
import { seedDemoSearch } from './seed-search';
import { seedDemoSettings } from './seed-settings';
import { seedDemoAudit } from './seed-admin';

export { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_USERS, DEMO_GROUPS, DEMO_TOPICS } from './seed-data';

export interface SeedResult {
  seeded: boolean;
  users: number;
  groups: number;
  topics: number;
}

/**
 * Creates the demo company, its users, groups and topics (seed-topics.ts). Safe to run again:
 * each row is matched by its natural key (company name, employee number, group link, membership,
 * topic title) and only missing rows are added. With `onlyIfEmpty` (app start) it does nothing
 * once any company exists.
 */
export async function seedDemo(ctx: AppContext, opts: { onlyIfEmpty?: boolean } = {}): Promise<SeedResult> {
  if (opts.onlyIfEmpty) {
    const any = await ctx.db.selectFrom('companies').select('id').limit(1).executeTakeFirst();
    if (any) return { seeded: false, users: 0, groups: 0, topics: 0 };
  }
  // One hash for every demo account: they share the published demo password anyway.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = ctx.now();

  return ctx.db.transaction().execute(async (trx) => {
    let company = await trx.selectFrom('companies').select('id').where('name', '=', DEMO_COMPANY.name).executeTakeFirst();
    company ??= await trx
      .insertInto('companies')
      .values({ ...DEMO_COMPANY, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();

    const userIds = new Map<number, number>();
    let usersAdded = 0;
    for (const u of DEMO_USERS) {
      const existing = await trx.selectFrom('users').select('id').where('employee_number', '=', u.employee_number).executeTakeFirst();
      if (existing) {
        userIds.set(u.index, existing.id);
        continue;
      }
      const { index: _index, ...fields } = u;
      const row = await trx
        .insertInto('users')
        .values({
          ...fields,
          company_id: company.id,
          password_hash: passwordHash,
          department: '',
          created_at: now,
          updated_at: now,
          locked_at: null,
          last_login_at: null,
          avatar_path: null,
          avatar_small_path: null,
          avatar_file_name: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      userIds.set(u.index, row.id);
      usersAdded++;
    }

    let groupsAdded = 0;
    const groupIds = new Map<string, number>();
    for (const g of DEMO_GROUPS) {
      let group = await trx.selectFrom('groups').select('id').where('group_link', '=', g.group_link).executeTakeFirst();
      if (!group) {
        group = await trx
          .insertInto('groups')
          .values({
            company_id: company.id,
            name: g.name,
            group_link: g.group_link,
            notice: g.notice,
            letter_color: g.letter_color,
            icon_image_path: null,
            icon_image_small_path: null,
            header_image: null,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        groupsAdded++;
      }
      groupIds.set(g.name, group.id);
      const rows = [
        { index: 1, roles: { role_admin: 1, role_invite: 1, role_edit_shared_folder: 1, role_edit_topic: 1 } as const },
        ...g.members.map((index) => ({ index, roles: demoRoles(index, g) })),
      ];
      for (const { index, roles } of rows) {
        const muted = index === ORDINARY_USER_INDEX && g.name === MUTED_GROUP_FOR_ORDINARY;
        await trx
          .insertInto('group_members')
          .values({ group_id: group.id, user_id: userIds.get(index)!, ...roles, can_notify: muted ? 0 : 1, joined_at: now })
          .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
          .execute();
      }
      // The department shown on the profile is the user's first department-like group.
      if (g.name !== '全社連絡') {
        await trx
          .updateTable('users')
          .set({ department: g.name })
          .where(
            'id',
            'in',
            g.members.map((i) => userIds.get(i)!),
          )
          .where('department', '=', '')
          .execute();
      }
    }
    const topicsAdded = await seedDemoTopics(trx, { companyId: company.id, userIds, groupIds, now });
    await seedDemoCalendar(trx, { companyId: company.id, userIds, groupIds, now });
    await seedDemoChats(trx, { companyId: company.id, userIds, groupIds, now });
    await seedDemoNotifications(trx, { companyId: company.id, userIds, groupIds, now });
    await seedDemoSearch(trx, { userIds, now }); // keep last: it indexes every row seeded above
    await seedDemoSettings(trx, { companyId: company.id, now });
    await seedDemoAudit(trx, { companyId: company.id, userIds, groupIds, now });
    return { seeded: usersAdded > 0 || groupsAdded > 0 || topicsAdded > 0, users: usersAdded, groups: groupsAdded, topics: topicsAdded };
  });
}
