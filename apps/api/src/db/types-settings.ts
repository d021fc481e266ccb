import type { Generated } from 'kysely';
import type { Bool } from './types-base';

/** Tables of migration 0015_settings, merged into DB below. */
export interface UserProfilesTable {
  user_id: number;
  gender: Generated<number>;
  birthday_year: number | null;
  birthday_month: number | null;
  birthday_day: number | null;
  birthday_option: Generated<Bool>;
  prefecture_option: Generated<Bool>;
  second_email: Generated<string>;
  third_email: Generated<string>;
  nearest_station: Generated<string>;
  zipcode: Generated<string>;
  prefecture: Generated<string>;
  city: Generated<string>;
  other_address: Generated<string>;
  building_name: Generated<string>;
  /** JSON array of strings. */
  phones: Generated<string>;
  urls: Generated<string>;
  avatar_storage_key: string | null;
  avatar_small_storage_key: string | null;
  updated_at: number;
}

export type VerifyPurpose = 'email_change' | 'register';

export interface VerifyTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: VerifyPurpose;
  token_hash: string;
  new_email: string | null;
  group_id: number | null;
  register_type: number | null;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export type HelpArticleKind = 'help' | 'terms' | 'policy';

export interface HelpArticlesTable {
  id: Generated<number>;
  company_id: number;
  kind: HelpArticleKind;
  title_ja: string;
  title_en: string;
  body_ja: string;
  body_en: string;
  title_search: Generated<string>;
  sort_order: Generated<number>;
  updated_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface LineAccountsTable {
  user_id: number;
  line_sub: string;
  linked_at: number;
}

export interface LineLoginStatesTable {
  state_hash: string;
  binding_hash: string;
  nonce: string;
  code_verifier: string;
  mode: 'login' | 'link';
  user_id: number | null;
  expires_at: number;
  created_at: number;
}

export interface UserThemeImagesTable {
  user_id: number;
  slot: 'nav' | 'banner' | 'main' | 'title' | 'header';
  storage_key: string;
  updated_at: number;
}

/** The settings tables, part of DB (types.ts). */
export interface SettingsTables {
  user_profiles: UserProfilesTable;
  verify_tokens: VerifyTokensTable;
  help_articles: HelpArticlesTable;
  line_accounts: LineAccountsTable;
  line_login_states: LineLoginStatesTable;
  user_theme_images: UserThemeImagesTable;
}
