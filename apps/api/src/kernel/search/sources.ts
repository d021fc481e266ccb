import type { SearchHit, SearchTargetValue } from '@portal/api-client';
import type { ExpressionBuilder, Kysely, SelectQueryBuilder } from 'kysely';
import type { AppContext, AuthUser } from '../context';
import type { DB } from '../../db';
import type { DocKind, SearchDocument } from './indexer';

/** What a source's readable() must honour besides the caller's rights. */
export interface SearchFilter {
  userId: number;
  companyId: number;
  now: number;
  /** target_group: only this group's items (sources without groups ignore it). */
  groupId: number | null;
  /** [from, to) on the item's time; to null = open. */
  from: number;
  to: number | null;
}

/** A select of `id` and `at` (epoch ms, the time results are sorted and ranged by). */
export type Readable = SelectQueryBuilder<any, any, { id: number; at: number }>;

/** Users or groups whose names hold the keyword (for the uploader and sent-to data kinds). */
export interface NameMatches {
  userIds: number[];
  groupIds: number[];
}

/**
 * One searchable kind of row. The search joins the index to `readable`, which must return only
 * rows the caller may read at this moment (membership, bin, delivery time, …): that query is
 * the whole authorisation of the search, so it is where a domain states its read rule.
 */
export interface SearchSource {
  target: SearchTargetValue;
  kind: DocKind;
  /** The id column of `readable` (e.g. 't.id'), matched against the index's ref ids. */
  idColumn: string;
  /** The text data kinds (title 1, content 2, comment 3) this source indexes. */
  fields: number[];
  readable(db: Kysely<DB>, f: SearchFilter): Readable;
  /** Rows whose author/uploader is one of the users (data kind 4); absent = kind not offered. */
  byUploader?(q: Readable, userIds: number[]): Readable;
  /** Rows sent to one of the users or groups (data kind 5). */
  bySentTo?(q: Readable, m: NameMatches): Readable;
  /** Every row's document, in id order after `afterId` (the reindex command pages with it). */
  documents(db: Kysely<DB>, afterId: number, limit: number): Promise<SearchDocument[]>;
  /** Result rows for the ids on the page (all readable a moment ago); `words` are normalised. */
  present(ctx: AppContext, user: AuthUser, ids: number[], words: string[]): Promise<Map<number, SearchHit>>;
}

const sources: SearchSource[] = [];

/**
 * Adds a kind of searchable row. Chat and calendar register theirs here (see this module's
 * README.md): index text with indexDocument() and describe who may read it with readable().
 */
export function registerSearchSource(source: SearchSource): void {
  const i = sources.findIndex((s) => s.kind === source.kind);
  if (i >= 0) sources.splice(i, 1, source);
  else sources.push(source);
}

export const sourcesFor = (target: SearchTargetValue) => sources.filter((s) => s.target === target);
export const allSources = (): readonly SearchSource[] => sources;

/** The caller's running groups, as a subquery for `group_id in (…)`. */
export function myGroups(eb: ExpressionBuilder<any, any>, f: Pick<SearchFilter, 'userId' | 'companyId'>) {
  return eb
    .selectFrom('group_members as sm')
    .innerJoin('groups as sg', 'sg.id', 'sm.group_id')
    .select('sm.group_id')
    .where('sm.user_id', '=', f.userId)
    .where('sg.company_id', '=', f.companyId)
    .where('sg.is_stopped', '=', 0);
}
