import { z } from 'zod';
import { afterFields, emailSchema, kanaSchema, multilineText, noEmoji, passwordSchema, requiredText, rowIdText, text } from '../validation';
import { envelope, page } from './common';
import { HEX_COLOR, THEME_PRESET_NAMES, unreadablePairs } from '../theme';
import { LIMITS, ThemeType } from '../constants';
import { settingsResponse } from './members';

/**
 * The editable user store of spec section 3 (profile, company_info, personal_info) and the
 * section-5 rules for each field. The change-info forms and the API validate with these same
 * schemas, so a value the form accepts is a value the server stores.
 */

/** Who sees an optional part of a profile: 0 hidden (default), 1 the company's members. */
export const Visibility = { HIDDEN: 0, MEMBERS: 1 } as const;
export const Gender = { UNSET: 0, MALE: 1, FEMALE: 2, OTHER: 3 } as const;
export const MAX_PHONES = 3;
export const MAX_URLS = 3;

const visibility = z.union([z.literal(0), z.literal(1)]);
const POSTAL = /^\d{7}$/;
const PHONE = /^(?=.*\d)[0-9-]{1,13}$/;

/** Plain text with no emoji (names, titles of the user's own data). */
const plain = (max: number) => text(max).refine(noEmoji, 'validation.no_emoji');
const requiredPlain = (max: number) => requiredText(max).refine(noEmoji, 'validation.no_emoji');
const requiredKana = kanaSchema.pipe(z.string().min(1, 'validation.required'));

/** Empty, or exactly 7 digits with no hyphen. */
export const optionalPostal = z
  .string()
  .trim()
  .refine((s) => s === '' || POSTAL.test(s), 'validation.postal_code');
/** Digits and hyphens, at most 13 characters. */
export const phoneValue = z
  .string()
  .trim()
  .refine((s) => PHONE.test(s), 'validation.phone');
export const optionalPhone = z
  .string()
  .trim()
  .refine((s) => s === '' || PHONE.test(s), 'validation.phone');

/** An absolute http(s) URL: a stored `javascript:` link would run when a colleague clicks it. */
export function isWebUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && Boolean(u.hostname);
  } catch {
    return false;
  }
}
export const urlValue = z.string().trim().max(255, 'validation.max_length').refine(isWebUrl, 'validation.url');
export const optionalUrl = z
  .string()
  .trim()
  .max(255, 'validation.max_length')
  .refine((s) => s === '' || isWebUrl(s), 'validation.url');

export const profileBody = z
  .object({
    last_name: requiredPlain(50),
    first_name: requiredPlain(50),
    last_name_kana: requiredKana,
    first_name_kana: requiredKana,
    email_option: visibility,
    self_introduction: multilineText(1000),
  })
  .strict();
export type ProfileBody = z.infer<typeof profileBody>;

export const companyInfoBody = z
  .object({
    company_info_display_option: visibility,
    department: plain(100),
    job_title: plain(100),
    zipcode: optionalPostal,
    prefecture: plain(20),
    city: plain(100),
    other_address: plain(200),
    building_name: plain(200),
    phone: optionalPhone,
    url: optionalUrl,
  })
  .strict();
export type CompanyInfoBody = z.infer<typeof companyInfoBody>;

/** A real calendar date, not in the future; all three parts or none. */
export function isRealBirthday(y: number | null, m: number | null, d: number | null, now = new Date()): boolean {
  if (y === null && m === null && d === null) return true;
  if (y === null || m === null || d === null) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  return date.getTime() <= now.getTime() && y >= 1900;
}

const birthdayPart = (min: number, max: number) => z.number().int().min(min).max(max).nullable();

export const personalInfoBody = z
  .object({
    gender: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
    birthday_year: birthdayPart(1900, 9999),
    birthday_month: birthdayPart(1, 12),
    birthday_day: birthdayPart(1, 31),
    birthday_option: visibility,
    nearest_station: plain(100),
    zipcode: optionalPostal,
    prefecture: plain(20),
    prefecture_option: visibility,
    city: plain(100),
    other_address: plain(200),
    building_name: plain(200),
    phones: z.array(phoneValue).max(MAX_PHONES, 'validation.max'),
    urls: z.array(urlValue).max(MAX_URLS, 'validation.max'),
  })
  .strict()
  .refine((b) => isRealBirthday(b.birthday_year, b.birthday_month, b.birthday_day), {
    message: 'validation.birthday_invalid',
    path: ['birthday'],
    ...afterFields,
  });
export type PersonalInfoBody = z.infer<typeof personalInfoBody>;

export const myProfileSchema = z.object({
  info: z.object({
    id: z.number().int(),
    employee_number: z.string(),
    email: z.string(),
    company_name: z.string(),
    /** Further addresses for notification mail (change-email); '' when unset. */
    second_email: z.string(),
    third_email: z.string(),
    last_login_at: z.number().int().nullable(),
  }),
  profile: profileBody.extend({
    avatar: z.string().nullable(),
    avatar_small: z.string().nullable(),
    avatar_file_name: z.string().nullable(),
  }),
  company_info: companyInfoBody,
  personal_info: z.object({
    ...personalInfoBody.shape,
  }),
});
export type MyProfile = z.infer<typeof myProfileSchema>;
export const myProfileResponse = envelope(myProfileSchema);

/** Multipart field names of the avatar upload; the crop box is in the original's pixels. */
export const AVATAR_FIELD = 'file';
export const avatarCropSchema = z
  .object({
    x: z.coerce.number().int().min(0),
    y: z.coerce.number().int().min(0),
    size: z.coerce.number().int().min(1),
  })
  .strict();
export type AvatarCrop = z.infer<typeof avatarCropSchema>;
/** Edge of the stored avatar and its small copy, in pixels (square WebP). */
export const AVATAR_SIZES = { large: 400, small: 96 } as const;

export const avatarParam = z.object({ userId: rowIdText(), name: z.string().regex(/^[A-Za-z0-9_-]+\.webp$/) }).strict();
export const avatarImageResponse = z.unknown();

export const postalCodeParam = z.object({ code: z.string().regex(POSTAL, 'validation.postal_code') }).strict();
export const postalCodeResponse = envelope(
  z.object({ zipcode: z.string(), prefecture: z.string(), city: z.string(), town: z.string() }).nullable(),
);

/** change-email: the new login address; it takes effect from the link mailed to it. */
export const changeEmailBody = z.object({ email: emailSchema.transform((s) => s.toLowerCase()) }).strict();
export type ChangeEmailBody = z.input<typeof changeEmailBody>;
/** The form's version also knows the current address (the server checks it again). */
export function changeEmailForm(current: string) {
  return changeEmailBody.refine((b) => b.email !== current.toLowerCase(), {
    message: 'validation.email_same_as_current',
    path: ['email'],
    ...afterFields,
  });
}
export const changeEmailResponse = envelope(z.object({ pending_email: z.string(), expires_at: z.number().int() }));

const optionalEmail = z.union([z.literal(''), emailSchema.transform((s) => s.toLowerCase())]);
/** The second and third addresses (for notification mail); they must differ from each other. */
export const subEmailsBody = z
  .object({ second_email: optionalEmail, third_email: optionalEmail })
  .strict()
  .refine((b) => b.third_email === '' || b.second_email !== b.third_email, {
    message: 'validation.email_duplicate_option',
    path: ['third_email'],
    ...afterFields,
  });
export type SubEmailsBody = z.input<typeof subEmailsBody>;

export const VERIFY_PURPOSES = ['email_change', 'register'] as const;
export const verifyTokenBody = z.object({ token: z.string().min(1).max(200) }).strict();
export const verifyCheckResponse = envelope(z.object({ purpose: z.enum(VERIFY_PURPOSES), email: z.string() }));
/** Applying a registration link also sets the first password. */
export const verifyApplyBody = z
  .object({ token: z.string().min(1).max(200), password: passwordSchema.optional(), password_confirmation: z.string().optional() })
  .strict()
  .refine((b) => b.password === undefined || b.password === b.password_confirmation, {
    message: 'validation.password_confirmation',
    path: ['password_confirmation'],
    ...afterFields,
  });
export type VerifyApplyBody = z.input<typeof verifyApplyBody>;
export const verifyApplyResponse = envelope(z.object({ purpose: z.enum(VERIFY_PURPOSES), email: z.string() }));

const hex = z.string().trim().regex(HEX_COLOR, 'validation.color');

/**
 * setting-theme: none (defaults), custom colours, or a prescriptive theme by name (the server
 * takes its palette). Custom colours whose text would fall below WCAG AA are refused.
 */
export const themeBody = z
  .object({
    theme_type: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    theme_name: z.enum(['custom', ...THEME_PRESET_NAMES]),
    nav_menu_bg_color: hex,
    banner_header_bg_color: hex,
    main_bg_color: hex,
    title_color: hex,
    title_background: hex,
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.theme_type === ThemeType.PRESCRIPTIVE && b.theme_name === 'custom') {
      ctx.addIssue({ code: 'custom', message: 'validation.invalid_value', path: ['theme_name'] });
    }
    if (b.theme_type !== ThemeType.CUSTOM) return;
    for (const field of unreadablePairs(b)) ctx.addIssue({ code: 'custom', message: 'validation.theme_contrast', path: [field] });
  }, afterFields);
export type ThemeBody = z.infer<typeof themeBody>;
export const themeResponse = settingsResponse;

/** withdraw: the caller's current password confirms leaving the portal. */
export const withdrawBody = z.object({ password: z.string().min(1, 'validation.required').max(128) }).strict();
/** MUST_APPOINT_ADMIN's `data`: the groups the caller alone administers. */
export const soleAdminGroups = z.object({ groups: z.array(z.object({ id: z.number().int(), name: z.string() })) });
export const withdrawResponse = envelope(z.object({ ok: z.literal(true) }));

/** One employee a group administrator registers (register type ADMIN_REGISTER). */
export const adminRegisterEmployee = z
  .object({
    employee_number: z
      .string()
      .trim()
      .min(1, 'validation.required')
      .max(50, 'validation.max_length')
      .regex(/^[A-Za-z0-9_-]+$/, 'validation.text_number_only_no_space'),
    email: emailSchema.transform((s) => s.toLowerCase()),
    last_name: requiredPlain(50),
    first_name: requiredPlain(50),
    last_name_kana: requiredKana,
    first_name_kana: requiredKana,
  })
  .strict();
export const ADMIN_REGISTER_MAX = 50;
export const adminRegisterBody = z
  .object({ employees: z.array(adminRegisterEmployee).min(1, 'validation.required').max(ADMIN_REGISTER_MAX, 'validation.max') })
  .strict()
  .superRefine((b, ctx) => {
    // The same number or address twice in one request is refused before the database is asked.
    const seen = { employee_number: new Set<string>(), email: new Set<string>() };
    b.employees.forEach((e, i) => {
      if (seen.employee_number.has(e.employee_number))
        ctx.addIssue({ code: 'custom', message: 'validation.employee_number_used', path: ['employees', i, 'employee_number'] });
      if (seen.email.has(e.email)) ctx.addIssue({ code: 'custom', message: 'validation.duplicate_email', path: ['employees', i, 'email'] });
      seen.employee_number.add(e.employee_number);
      seen.email.add(e.email);
    });
  }, afterFields);
export type AdminRegisterBody = z.input<typeof adminRegisterBody>;
export const adminRegisterParam = z.object({ group_id: rowIdText() }).strict();
export const adminRegisterResponse = envelope(
  z.object({ registered: z.array(z.object({ id: z.number().int(), employee_number: z.string(), email: z.string() })) }),
);

/** `search` is `name:…;name_kana:…` (either part may be left out) or a plain term matching both. */
export const notInGroupQuery = z
  .object({
    search: z.string().trim().max(255, 'validation.max_length').optional(),
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(200).default(LIMITS.memberSearchPageSize),
  })
  .strict();
export const notInGroupParam = z.object({ id: rowIdText() }).strict();
export const notInGroupResponse = envelope(
  page(z.object({ id: z.number().int(), name: z.string(), name_kana: z.string(), avatar_small: z.string().nullable() })),
);
