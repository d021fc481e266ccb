import type { Generated } from 'kysely';
import type { Bool } from './types-base';

/** Tables of the notifications and news modules (migration 0011). */

/** A comment notice the user has read (comment notices themselves are derived, not stored). */
export interface CommentReadsTable {
  comment_id: number;
  user_id: number;
  created_at: number;
}

/** Likes received up to seen_at count as read: the like dropdown marks them all at once. */
export interface LikeSeenTable {
  user_id: number;
  seen_at: number;
}

export interface InformationsTable {
  id: Generated<number>;
  company_id: number;
  /** InformationType: 1 CMS, 2 SYSTEM. */
  type: number;
  /** CMS: the title as written; SYSTEM: a message key under notifications:news.system. */
  title: string;
  /** CMS: sanitised HTML; SYSTEM: JSON of the message parameters. */
  content: string;
  placement: number;
  target_type: number;
  target_id: number | null;
  group_id: number | null;
  user_id: number | null;
  display_type: number;
  created_by: number | null;
  withdrawn_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface InformationReadsTable {
  information_id: number;
  user_id: number;
  created_at: number;
}

export interface TodoTasksTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  done: Generated<Bool>;
  created_at: number;
  updated_at: number;
}

export interface NotificationSendsTable {
  channel: string;
  dedupe_key: string;
  target: string;
  created_at: number;
}

/** One generation per unread scope, bumped by triggers (migration 0022). */
export interface UnreadGenerationsTable {
  scope: string;
  gen: number;
}
