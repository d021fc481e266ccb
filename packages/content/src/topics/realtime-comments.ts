import type { Query, QueryClient } from '@tanstack/react-query';
import type { TopicComment } from '@portal/api-client/core';
import type { TopicEventAction, TopicEventPayload } from '@portal/api-client/realtime';

/** A cached comment page (the topics remote's useTopicComments). */
export interface CommentPage {
  data: TopicComment[];
  current_page: number;
  last_page: number;
  total: number;
}

/**
 * Applies a comment event to the cached comment pages of its topic instead of reloading them:
 * every reader with the topic open re-reading its comment page on each comment was a quarter of
 * all calls under load. Returns the queries that are now up to date; the caller
 * reloads the others. A page is left to a reload whenever patching could be wrong: a fetch in
 * flight (its answer may predate the comment), a page whose rows do not add up to its total, an
 * order or size the key does not tell, or an anonymous comment (the event carries none).
 */
export function patchCommentPages(
  queryClient: QueryClient,
  commentsKey: readonly unknown[],
  action: TopicEventAction,
  payload: TopicEventPayload,
  me: number | undefined,
): Set<Query> {
  const done = new Set<Query>();
  const change =
    action === 'comment.added' && payload.comment
      ? (page: CommentPage, params: PageParams) => withNewComment(page, payload.comment!, params, me)
      : action === 'comment.deleted' && payload.comment_id !== undefined
        ? (page: CommentPage) => withDeletedComment(page, payload.comment_id!)
        : null;
  if (!change) return done;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: commentsKey })) {
    const page = query.state.data as CommentPage | undefined;
    const params = pageParams(query.queryKey[commentsKey.length]);
    if (!page || !params || query.state.fetchStatus !== 'idle' || !Array.isArray(page.data)) continue;
    const next = change(page, params);
    if (!next) continue;
    if (next !== page) queryClient.setQueryData(query.queryKey, next);
    done.add(query);
  }
  return done;
}

interface PageParams {
  limit: number;
  sortedBy: 'asc';
}

/** Only oldest-first pages are patched (the one order the app shows); others reload. */
function pageParams(v: unknown): PageParams | null {
  const p = v as { limit?: unknown; sortedBy?: unknown } | null;
  if (!p || typeof p.limit !== 'number' || p.limit < 1 || p.sortedBy !== 'asc') return null;
  return { limit: p.limit, sortedBy: 'asc' };
}

function holds(page: CommentPage, id: number): boolean {
  return page.data.some((c) => c.id === id || c.comments.some((r) => r.id === id));
}

/**
 * The page with a new comment: a reply joins its thread when the thread is on this page; a new
 * thread counts in the total and sits on the last page (oldest first), added here when this page
 * is the one it falls on. null: the page's rows do not match its total, so it is reloaded.
 */
export function withNewComment(page: CommentPage, comment: TopicComment, params: PageParams, me: number | undefined): CommentPage | null {
  if (holds(page, comment.id)) return page;
  const added = { ...comment, is_own: comment.commenter_id !== null && comment.commenter_id === me };
  if (comment.parent_id !== null) {
    if (!page.data.some((c) => c.id === comment.parent_id)) return page;
    const { comments: _, ...flat } = added;
    return {
      ...page,
      data: page.data.map((c) => (c.id === comment.parent_id ? { ...c, comments: [...c.comments, flat].sort((x, y) => x.id - y.id) } : c)),
    };
  }
  const { limit } = params;
  const first = (page.current_page - 1) * limit;
  if (page.data.length !== Math.min(limit, Math.max(0, page.total - first))) return null;
  const total = page.total + 1;
  const next = { ...page, total, last_page: Math.max(1, Math.ceil(total / limit)) };
  // Oldest first: the newest thread is the total-th, on this page when the page reaches it.
  if (page.total < first || page.total >= first + limit) return next;
  return { ...next, data: [...page.data, { ...added, comments: [] }].sort((x, y) => x.id - y.id) };
}

/** The page with a comment deleted: it stays as a marked placeholder, as the API shows it. */
export function withDeletedComment(page: CommentPage, id: number): CommentPage {
  if (!holds(page, id)) return page;
  const gone = <C extends Omit<TopicComment, 'comments'>>(c: C): C => ({ ...c, is_deleted: true, content: '', attach_file: [] });
  return {
    ...page,
    data: page.data.map((c) =>
      c.id === id
        ? { ...gone(c), comments: c.comments.map((r) => ({ ...r, comment_parent_delete: true })) }
        : { ...c, comments: c.comments.map((r) => (r.id === id ? gone(r) : r)) },
    ),
  };
}
