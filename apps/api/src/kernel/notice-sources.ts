import type { LikeNotice } from '@portal/api-client';
import type { SelectQueryBuilder } from 'kysely';
import type { AppContext } from './context';
import type { DB } from '../db';
import type { UnreadDetail, Viewer } from './unread-sources';

/**
 * The favourite and like notices' registries: calendar and chat register their kinds here when
 * they load, and notifications lists what is registered (like unread-sources.ts).
 */

/** A favourite the viewer can still read: what, where, when it last changed, read or not. */
export interface FavoriteRow {
  target_id: number;
  group_id: number | null;
  at: number;
  is_read: number;
}

/**
 * A kind of favourite (the hook calendar and chat use for theirs). `rows` must answer only
 * favourites the viewer can read now. Register once with `registerFavoriteSource`.
 */
export interface FavoriteSource {
  /** FavoriteTargetType: 1 common topic, 2 common file, 3 calendar, 4 chat, 5 group topic, 6 group file. */
  type: number;
  rows(ctx: AppContext, viewer: Viewer): SelectQueryBuilder<DB, any, FavoriteRow>;
  describe(ctx: AppContext, viewer: Viewer, targetIds: number[]): Promise<Map<number, UnreadDetail>>;
}

const favoriteSourceMap = new Map<number, FavoriteSource>();
/** The registered favourite sources, by type (notifications reads them). */
export const favoriteSources: ReadonlyMap<number, FavoriteSource> = favoriteSourceMap;
export function registerFavoriteSource(source: FavoriteSource): () => void {
  if (favoriteSourceMap.has(source.type)) throw new Error(`favourite source ${source.type} registered twice`);
  favoriteSourceMap.set(source.type, source);
  return () => favoriteSourceMap.delete(source.type);
}

/** One like the viewer received: who (liker_id), on what (target), when. */
export interface LikeRow {
  target_id: number;
  group_id: number | null;
  liker_id: number;
  at: number;
}

export type LikeDetail = Omit<LikeNotice, 'id' | 'like_type' | 'like_target_id' | 'group_id' | 'like_count' | 'updated_at' | 'is_read'>;

/**
 * A kind of like notice (the hook chat uses for message likes). `rows` answers the likes others
 * gave the viewer's items that the viewer can still read; list and count both group it by
 * target, so they agree. Register with `registerLikeSource` when the module loads.
 */
export interface LikeSource {
  /** LikeType: 1 group topic, 2 group topic comment, 3 common topic, 4 common topic comment, 5 chat. */
  type: number;
  rows(ctx: AppContext, viewer: Viewer): SelectQueryBuilder<DB, any, LikeRow>;
  describe(ctx: AppContext, viewer: Viewer, targetIds: number[]): Promise<Map<number, LikeDetail>>;
}

const likeSourceMap = new Map<number, LikeSource>();
/** The registered like sources, by type (notifications reads them). */
export const likeSources: ReadonlyMap<number, LikeSource> = likeSourceMap;
export function registerLikeSource(source: LikeSource): () => void {
  if (likeSourceMap.has(source.type)) throw new Error(`like source ${source.type} registered twice`);
  likeSourceMap.set(source.type, source);
  return () => likeSourceMap.delete(source.type);
}
