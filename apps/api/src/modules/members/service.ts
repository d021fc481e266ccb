import { DEFAULT_USER_SETTINGS, LIMITS, settingsPatchSchema, type Me, type Settings, type SettingsSection } from '@portal/api-client';
import type { AppContext } from '../../kernel';
import { HttpError, validationError } from '../../http/errors';
import { effectiveRole } from '../../kernel';
import * as q from './queries';
import { publishSettingsUpdated } from './events';

function fullName(last: string, first: string, fallback: string): string {
  return `${last} ${first}`.trim() || fallback;
}

export async function getMe(ctx: AppContext, userId: number): Promise<Me> {
  const u = await q.findMeRow(ctx, userId);
  if (!u) throw new HttpError(401, 'INVALID_USER');
  const roles = await q.findGroupRoles(ctx, userId);
  return {
    info: {
      id: u.id,
      name: fullName(u.last_name, u.first_name, 'User'),
      name_kana: fullName(u.last_name_kana, u.first_name_kana, ''),
      email: u.email,
      employee_number: u.employee_number,
      is_company_admin: u.is_company_admin === 1,
      must_reset_password: u.must_reset_password === 1,
      last_login_at: u.last_login_at,
    },
    profile: {
      email_option: u.email_option,
      avatar: u.avatar_path,
      avatar_small: u.avatar_small_path,
      avatar_file_name: u.avatar_file_name,
      last_name: u.last_name,
      first_name: u.first_name,
      last_name_kana: u.last_name_kana,
      first_name_kana: u.first_name_kana,
      self_introduction: u.self_introduction,
    },
    company_info: {
      company_info_display_option: u.company_info_display_option,
      company_name: u.company_name,
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
    group_role: roles.map(effectiveRole),
    common_topic_role: u.common_topic_role === 1,
    current_group_max_file_size: LIMITS.groupMaxAttachmentMb,
  };
}

const SECTIONS = Object.keys(DEFAULT_USER_SETTINGS) as SettingsSection[];

/**
 * Stored sections over the defaults. A stored value that no longer fits the schema (an older
 * release, a hand edit) is dropped field by field instead of failing the whole response.
 */
/**
 * settingsPatchSchema builds a new zod schema per call, and zod compiles a schema on its first
 * parse: built once per section here, since getSettings runs on every feed and list request.
 */
const patchSchemas = new Map<SettingsSection, ReturnType<typeof settingsPatchSchema>>();
function patchSchema(section: SettingsSection) {
  let schema = patchSchemas.get(section);
  if (!schema) patchSchemas.set(section, (schema = settingsPatchSchema(section)));
  return schema;
}

/** The caller's settings; frozen, and shared for SESSION_CACHE_MS (settings-cache.ts). */
export async function getSettings(ctx: AppContext, userId: number): Promise<Readonly<Settings>> {
  const cached = await ctx.caches.settings.lookup(String(userId), async () => ({ userId, settings: await readSettings(ctx, userId) }));
  return cached!.settings;
}

async function readSettings(ctx: AppContext, userId: number): Promise<Settings> {
  const stored = await q.findSettings(ctx, userId);
  const out = structuredClone(DEFAULT_USER_SETTINGS) as Record<SettingsSection, Record<string, unknown>>;
  for (const section of SECTIONS) {
    const value = stored[section];
    if (!value || typeof value !== 'object') continue;
    for (const [key, v] of Object.entries(value)) {
      const ok = patchSchema(section).safeParse({ [key]: v });
      if (ok.success) out[section][key] = (ok.data as Record<string, unknown>)[key];
    }
  }
  return deepFreeze(out) as Settings;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** Spec: the second and third notification addresses (regular, emergency) cannot be the same. */
function refuseSameNotifyEmails(v: Record<string, unknown>): void {
  for (const kind of ['regular', 'emergency']) {
    const second = v[`second_email_${kind}`];
    const third = v[`third_email_${kind}`];
    if (typeof second === 'string' && typeof third === 'string' && second.toLowerCase() === third.toLowerCase()) {
      throw new HttpError(400, 'VALIDATION_ERROR', undefined, { [`third_email_${kind}`]: ['validation.email_duplicate_option'] });
    }
  }
}

/** Validates a partial section, stores it merged over what was there, and tells the user's other tabs. */
export async function patchSettings(ctx: AppContext, userId: number, section: SettingsSection, patch: unknown): Promise<Settings> {
  const parsed = patchSchema(section).safeParse(patch);
  if (!parsed.success) throw validationError(parsed.error, [], { value: patch });
  const stored = await q.findSettings(ctx, userId);
  const previous = stored[section] && typeof stored[section] === 'object' ? stored[section] : {};
  const merged = { ...previous, ...parsed.data } as Record<string, unknown>;
  if (section === 'setting_notify_news') refuseSameNotifyEmails(merged);
  await q.saveSection(ctx, userId, section, merged);
  // This process answers with the new values; the event makes the others drop theirs.
  ctx.caches.settings.dropUsers([userId]);
  await publishSettingsUpdated(ctx, userId, section);
  return getSettings(ctx, userId);
}
