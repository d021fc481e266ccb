import type { CompanyInfoBody, MyProfile, PersonalInfoBody, ProfileBody } from '@portal/api-client';
import type { Kysely, Updateable } from 'kysely';
import type { AppContext } from '../../kernel';
import type { DB } from '../../db';
import { HttpError } from '../../http/errors';

function stringList(json: string | undefined): string[] {
  try {
    const v: unknown = JSON.parse(json ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

const asFlag = (n: number | undefined): 0 | 1 => (n === 1 ? 1 : 0);

/** The caller's editable store: what account-info shows and change-info edits. */
export async function getMyProfile(ctx: AppContext, userId: number): Promise<MyProfile> {
  const u = await ctx.db
    .selectFrom('users as u')
    .innerJoin('companies as c', 'c.id', 'u.company_id')
    .leftJoin('user_profiles as p', 'p.user_id', 'u.id')
    .select([
      'u.id',
      'u.employee_number',
      'u.email',
      'u.last_login_at',
      'c.name as company_name',
      'u.last_name',
      'u.first_name',
      'u.last_name_kana',
      'u.first_name_kana',
      'u.email_option',
      'u.self_introduction',
      'u.avatar_path',
      'u.avatar_small_path',
      'u.avatar_file_name',
      'u.company_info_display_option',
      'u.department',
      'u.job_title',
      'u.zipcode',
      'u.prefecture',
      'u.city',
      'u.other_address',
      'u.building_name',
      'u.phone',
      'u.url',
      'p.second_email',
      'p.third_email',
      'p.gender',
      'p.birthday_year',
      'p.birthday_month',
      'p.birthday_day',
      'p.birthday_option',
      'p.nearest_station',
      'p.zipcode as p_zipcode',
      'p.prefecture as p_prefecture',
      'p.prefecture_option',
      'p.city as p_city',
      'p.other_address as p_other_address',
      'p.building_name as p_building_name',
      'p.phones',
      'p.urls',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!u) throw new HttpError(401, 'INVALID_USER');
  return {
    info: {
      id: u.id,
      employee_number: u.employee_number,
      email: u.email,
      company_name: u.company_name,
      second_email: u.second_email ?? '',
      third_email: u.third_email ?? '',
      last_login_at: u.last_login_at,
    },
    profile: {
      last_name: u.last_name,
      first_name: u.first_name,
      last_name_kana: u.last_name_kana,
      first_name_kana: u.first_name_kana,
      email_option: asFlag(u.email_option),
      self_introduction: u.self_introduction,
      avatar: u.avatar_path,
      avatar_small: u.avatar_small_path,
      avatar_file_name: u.avatar_file_name,
    },
    company_info: {
      company_info_display_option: asFlag(u.company_info_display_option),
      department: u.department,
      job_title: u.job_title,
      zipcode: u.zipcode,
      prefecture: u.prefecture,
      city: u.city,
      other_address: u.other_address,
      building_name: u.building_name,
      phone: u.phone,
      url: u.url,
    },
    personal_info: {
      gender: ([0, 1, 2, 3] as const).find((g) => g === u.gender) ?? 0,
      birthday_year: u.birthday_year ?? null,
      birthday_month: u.birthday_month ?? null,
      birthday_day: u.birthday_day ?? null,
      birthday_option: asFlag(u.birthday_option ?? 0),
      nearest_station: u.nearest_station ?? '',
      zipcode: u.p_zipcode ?? '',
      prefecture: u.p_prefecture ?? '',
      prefecture_option: asFlag(u.prefecture_option ?? 0),
      city: u.p_city ?? '',
      other_address: u.p_other_address ?? '',
      building_name: u.p_building_name ?? '',
      phones: stringList(u.phones ?? undefined),
      urls: stringList(u.urls ?? undefined),
    },
  };
}

/** Profile and company info live on the user row: one UPDATE, so either all of it lands or none. */
export async function updateUserColumns(ctx: AppContext, userId: number, values: ProfileBody | CompanyInfoBody): Promise<void> {
  await ctx.db
    .updateTable('users')
    .set({ ...values, updated_at: ctx.now() })
    .where('id', '=', userId)
    .where('status', '=', 'active')
    .execute();
}

/** The personal-info row is created on first save; an upsert keeps it one statement. */
export async function savePersonalInfo(ctx: AppContext, userId: number, body: PersonalInfoBody): Promise<void> {
  const values = {
    ...body,
    phones: JSON.stringify(body.phones),
    urls: JSON.stringify(body.urls),
    updated_at: ctx.now(),
  };
  await upsertProfile(ctx.db, userId, values);
}

export async function upsertProfile(
  db: Kysely<DB>,
  userId: number,
  values: Omit<Updateable<DB['user_profiles']>, 'user_id'> & { updated_at: number },
): Promise<void> {
  await db
    .insertInto('user_profiles')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}
