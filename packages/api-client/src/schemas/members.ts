import { z } from 'zod';
import { DEFAULT_SETTINGS, GROUP_ROLE_NAMES, LANGUAGES, SORT_OPTIONS } from '../constants';
import { afterFields, emailSchema, passwordSchema } from '../validation';
import { envelope } from './common';

export const groupRole = z.object({
  group_id: z.number().int(),
  role_admin: z.boolean(),
  role_invite: z.boolean(),
  role_edit_shared_folder: z.boolean(),
  role_edit_topic: z.boolean(),
});
export type GroupRole = z.infer<typeof groupRole>;
export const groupRoleName = z.enum(GROUP_ROLE_NAMES);

/** The user store of spec section 3 ("User and settings"). */
export const meSchema = z.object({
  info: z.object({
    id: z.number().int(),
    name: z.string(),
    name_kana: z.string(),
    email: z.string(),
    employee_number: z.string(),
    is_company_admin: z.boolean(),
    must_reset_password: z.boolean(),
    last_login_at: z.number().int().nullable(),
  }),
  profile: z.object({
    email_option: z.number().int(),
    avatar: z.string().nullable(),
    avatar_small: z.string().nullable(),
    avatar_file_name: z.string().nullable(),
    last_name: z.string(),
    first_name: z.string(),
    last_name_kana: z.string(),
    first_name_kana: z.string(),
    self_introduction: z.string(),
  }),
  company_info: z.object({
    company_info_display_option: z.number().int(),
    company_name: z.string(),
    department: z.string(),
    job_title: z.string(),
    zipcode: z.string(),
    prefecture: z.string(),
    city: z.string(),
    other_address: z.string(),
    building_name: z.string(),
    phone: z.string(),
    url: z.string(),
  }),
  group_role: z.array(groupRole),
  common_topic_role: z.boolean(),
  current_group_max_file_size: z.number(),
});
export type Me = z.infer<typeof meSchema>;
export const meResponse = envelope(meSchema);

const sortPref = z.enum(SORT_OPTIONS);

/** Settings sections with the section-9 defaults; PATCH takes any subset of one section. */
export const settingsSchema = z.object({
  setting_language: z.object({ code: z.enum(LANGUAGES) }),
  setting_display: z.object({
    number_item_lists: z.number().int().min(5).max(100),
    number_items_list_comment: z.number().int().min(5).max(100),
    display_image_video: z.union([z.literal(0), z.literal(1)]),
    first_day_of_week: z.number().int().min(0).max(6),
  }),
  setting_notify_news: z.object({
    email_notify_time: z.number().int().min(0).max(23),
    notify_interval: z.number().int().min(1).max(168),
    regular_stop_notify_start: z.string().nullable(),
    regular_stop_notify_end: z.string().nullable(),
    emergency_stop_notify_start: z.string().nullable(),
    emergency_stop_notify_end: z.string().nullable(),
    first_email_regular: emailSchema.nullable(),
    first_email_regular_option: z.boolean(),
    second_email_regular: emailSchema.nullable(),
    second_email_regular_option: z.boolean(),
    third_email_regular: emailSchema.nullable(),
    third_email_regular_option: z.boolean(),
    first_email_emergency: emailSchema.nullable(),
    first_email_emergency_option: z.boolean(),
    second_email_emergency: emailSchema.nullable(),
    second_email_emergency_option: z.boolean(),
    third_email_emergency: emailSchema.nullable(),
    third_email_emergency_option: z.boolean(),
    schedule_email_option: z.boolean(),
  }),
  setting_themes: z.object({
    theme_type: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    theme: z.object({
      theme_name: z.string(),
      nav_menu_bg_color: z.string(),
      banner_header_bg_color: z.string(),
      main_bg_color: z.string(),
      title_color: z.string(),
      title_background: z.string(),
    }),
  }),
  sort: z.object({
    toppage_sort_new: z.union([z.literal(0), z.literal(1)]),
    group_topic: sortPref,
    group_shared_folder: sortPref,
    common_topic: sortPref,
    common_shared_folder: sortPref,
    chat_list: sortPref,
  }),
});
export type Settings = z.infer<typeof settingsSchema>;
export type SettingsSection = keyof Settings;
export const settingsResponse = envelope(settingsSchema);

export const DEFAULT_USER_SETTINGS: Settings = {
  setting_language: { code: DEFAULT_SETTINGS.language },
  setting_display: {
    number_item_lists: DEFAULT_SETTINGS.number_item_lists,
    number_items_list_comment: DEFAULT_SETTINGS.number_items_list_comment,
    display_image_video: 1,
    first_day_of_week: DEFAULT_SETTINGS.first_day_of_week,
  },
  setting_notify_news: {
    email_notify_time: DEFAULT_SETTINGS.email_notify_time,
    notify_interval: DEFAULT_SETTINGS.notify_interval,
    regular_stop_notify_start: null,
    regular_stop_notify_end: null,
    emergency_stop_notify_start: null,
    emergency_stop_notify_end: null,
    first_email_regular: null,
    first_email_regular_option: true,
    second_email_regular: null,
    second_email_regular_option: false,
    third_email_regular: null,
    third_email_regular_option: false,
    first_email_emergency: null,
    first_email_emergency_option: true,
    second_email_emergency: null,
    second_email_emergency_option: false,
    third_email_emergency: null,
    third_email_emergency_option: false,
    schedule_email_option: true,
  },
  setting_themes: {
    theme_type: 0,
    theme: {
      theme_name: 'default',
      nav_menu_bg_color: DEFAULT_SETTINGS.nav_menu_bg_color,
      banner_header_bg_color: DEFAULT_SETTINGS.nav_menu_bg_color,
      main_bg_color: DEFAULT_SETTINGS.main_bg_color,
      title_color: DEFAULT_SETTINGS.title_color,
      title_background: DEFAULT_SETTINGS.title_background,
    },
  },
  sort: {
    toppage_sort_new: 1,
    group_topic: 'update_desc',
    group_shared_folder: 'update_desc',
    common_topic: 'update_desc',
    common_shared_folder: 'update_desc',
    chat_list: 'update_desc',
  },
};

export const settingsSectionParam = z
  // setting_themes is written only through PUT setting-theme, which checks the colours' contrast.
  .object({ section: z.enum(['setting_language', 'setting_display', 'setting_notify_news', 'sort']) })
  .strict();

/** PATCH body: a partial of the named section, validated against that section's schema. */
export function settingsPatchSchema(section: SettingsSection) {
  return settingsSchema.shape[section].partial().strict();
}

export const languageBody = z.object({ code: z.enum(LANGUAGES) }).strict();

export const changePasswordBody = z
  .object({
    current_password: z.string().min(1, 'validation.required').max(128),
    password: passwordSchema,
    password_confirmation: z.string(),
  })
  .strict()
  .refine((b) => b.password === b.password_confirmation, {
    message: 'validation.password_confirmation',
    path: ['password_confirmation'],
    ...afterFields,
  })
  .refine((b) => b.password !== b.current_password, {
    message: 'validation.password_same_as_current',
    path: ['password'],
    ...afterFields,
  });

export const checkGroupUserLoginResponse = envelope(z.object({ group_count: z.number().int() }));
