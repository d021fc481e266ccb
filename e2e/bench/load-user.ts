/**
 * The simulated user of the load bench (load.ts): the pages it opens with the calls the built
 * app makes on each, its realtime socket, its topic subscription and the refetches events cause.
 */
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { QueryCache, type Query } from './load-cache';
import { call, ConnectionSlots, countFrame, refreshSession, stats, type Caller } from './load-http';
import { API } from './load-support';

export { refreshCookieOf, stats } from './load-http';

type Page = { kind: 'home' } | { kind: 'feed'; group: number } | { kind: 'topic'; group: number; topic: number };

/** BENCH_LOAD_CACHE=0: every page view asks every call again (the heavier model, without the browser's query cache). */
export const CACHED = process.env.BENCH_LOAD_CACHE !== '0';

/** The layout's queries, mounted on every page after login (they never remount). */
const LAYOUT: Query[] = [
  { key: 'me/group-check', url: '/auth/check-group-user-login' },
  { key: 'me', url: '/members/me' },
  { key: 'me/settings', url: '/members/me/settings' },
  { key: 'chats/unread', url: '/group-chat/count-unread' },
  { key: 'me/settings/theme-images', url: '/members/me/setting-theme/images' },
];
const NEWS: Query = { key: 'news/home/10', url: '/informations?page=1&limit=10', staleMs: Infinity };

/**
 * The queries each page shows, as recorded from the built app in Chromium (SPA navigation): a
 * group's own record and roles belong to the group's layout, which stays mounted while the user
 * moves between that group's pages.
 */
function queriesOf(p: Page): Query[] {
  if (p.kind === 'home') {
    return [
      ...LAYOUT,
      NEWS,
      { key: 'groups/mine/all', url: '/members/me/groups?page=1&limit=99999' },
      { key: 'calendar/week', url: `/calendar-events/calendar-by-week?date=${new Date().toISOString().slice(0, 10)}&days=7&type=1` },
      { key: 'groups/folders', url: '/members/me/user-group-folders' },
      { key: 'common-topics/unread-count', url: '/members/me/unread/count/common-topic' },
    ];
  }
  const G = `/members/me/groups/${p.group}`;
  const K = `groups/${p.group}`;
  const group = [...LAYOUT, { key: K, url: G }, { key: `${K}/roles`, url: `${G}/roles` }];
  if (p.kind === 'feed') {
    return [
      ...group,
      { key: `${K}/topics/list/all`, url: `${G}/topics/get-not-delete-topics?orderBy=update&sortedBy=desc` },
      { key: `${K}/topics/count`, url: `${G}/topics/count-topic` },
      { key: `${K}/topics/folders`, url: `${G}/folder/get-all-folder/1` },
    ];
  }
  return [
    ...group,
    { key: `${K}/topics/detail/${p.topic}`, url: `${G}/topics/get-topic-detail/${p.topic}` },
    {
      key: `${K}/topics/detail/${p.topic}/comments/p1`,
      url: `${G}/topics/get-all-comment-by-topic-id/${p.topic}?sortedBy=asc&limit=10&page=1`,
    },
  ];
}

export class User implements Caller {
  page: Page | null = null;
  private refreshing: Promise<boolean> | null = null;
  socket: WebSocket | null = null;
  /** Topics this user has read: the page marks a topic seen only while it is unread. */
  read = new Set<number>();
  /** Unread news ids of the last news load, reported read once (NewsList). */
  private unreadNews: number[] = [];
  timer: NodeJS.Timeout | null = null;
  stopped = false;
  readonly slots = new ConnectionSlots();
  private readonly cache = new QueryCache(
    (url) => call(this, 'GET', url, undefined, url === NEWS.url ? (b) => this.noteNews(b) : undefined),
    CACHED,
  );
  constructor(
    readonly base: string,
    public token: string,
    private cookie: string,
    readonly groups: number[],
    readonly topics: Map<number, number[]>,
  ) {}

  refresh(): Promise<boolean> {
    this.refreshing ??= refreshSession(this.base, this.cookie)
      .then((r) => {
        if (!r) return false;
        this.token = r.token;
        this.cookie = r.cookie;
        return true;
      })
      .finally(() => (this.refreshing = null));
    return this.refreshing;
  }

  private noteNews(body: Buffer) {
    const items = (JSON.parse(body.toString()) as { items: { data: { id: number; is_readed: boolean }[] } }).items.data;
    this.unreadNews = items.filter((n) => !n.is_readed).map((n) => n.id);
  }

  /** TopicDetailView's viewTopic(): the socket subscribes while the topic page is open. */
  private setPage(p: Page) {
    const was = this.page;
    this.page = p;
    const open = this.socket?.readyState === WebSocket.OPEN ? this.socket : null;
    if (was?.kind === 'topic' && !(p.kind === 'topic' && p.topic === was.topic))
      open?.send(JSON.stringify({ type: 'unsubscribe', topic_id: was.topic }));
    if (p.kind === 'topic' && !(was?.kind === 'topic' && was.topic === p.topic))
      open?.send(JSON.stringify({ type: 'subscribe', topic_id: p.topic }));
  }

  private async view(p: Page) {
    this.setPage(p);
    await this.cache.show(queriesOf(p));
    if (p.kind === 'home' && this.unreadNews.length) {
      // NewsList reports a loaded list's unread items once; NEW stays until the list reloads.
      const ids = this.unreadNews;
      this.unreadNews = [];
      await call(this, 'POST', '/members/me/informations/read', { information_ids: ids });
    }
    // TopicDetailView marks the topic seen when its detail says unread: the first time here
    // (nobody edits topics in this model, and comments leave a topic's own read mark alone).
    // The answer patches the detail; the feed's lists and count are marked stale.
    if (p.kind === 'topic' && !this.read.has(p.topic)) {
      this.read.add(p.topic);
      await call(this, 'POST', `/members/me/groups/${p.group}/topics/set-topic-is-seen/${p.topic}`, {});
      void this.cache.invalidate(`groups/${p.group}/topics/list`, { refetch: false });
      void this.cache.invalidate(`groups/${p.group}/topics/count`, { refetch: false });
    }
  }

  /**
   * A like or a comment (1 action in 20), on the topic the user has open or on one they open
   * for it. The app then reloads the detail (a like: likers come only from a reload) or the
   * detail with its comments (a comment).
   */
  private async act() {
    if (Math.random() < 0.05) {
      let p = this.page;
      if (p?.kind !== 'topic') {
        const group = this.groups[Math.floor(Math.random() * this.groups.length)]!;
        const list = this.topics.get(group) ?? [];
        const topic = list[Math.floor(Math.random() * list.length)];
        if (!topic) return this.view({ kind: 'home' });
        await this.view((p = { kind: 'topic', group, topic }));
      }
      const G = `/members/me/groups/${p.group}`;
      const detail = `groups/${p.group}/topics/detail/${p.topic}`;
      if (Math.random() < 0.5) {
        await call(this, 'POST', `${G}/topics/like-or-dislike-topic/${p.topic}`, { is_like: Math.random() < 0.7 });
        await this.cache.invalidate(detail, { exact: true });
      } else {
        await call(this, 'POST', `${G}/topics/add-new-comment`, {
          topic_id: p.topic,
          content: `負荷試験 ${randomBytes(3).toString('hex')}`,
        });
        await this.cache.invalidate(detail);
      }
      return;
    }
    const group = this.groups[Math.floor(Math.random() * this.groups.length)]!;
    const list = this.topics.get(group) ?? [];
    const topic = list[Math.floor(Math.random() * list.length)];
    const r = Math.random();
    if (r < 0.34 || !topic) await this.view({ kind: 'home' });
    else if (r < 0.67) await this.view({ kind: 'feed', group });
    else await this.view({ kind: 'topic', group, topic });
  }

  /**
   * @portal/content/topics refreshTopicQueries on this user's cache: a like that names its
   * liker patches the cached detail; another like reloads the detail (or a comment like the
   * comment pages); any other topic event invalidates the caller's group lists and the
   * group's (or the common topics') queries — except, for a comment, the detail (marked stale
   * only) and the comment pages the event patches (realtime-comments.ts: cached pages not
   * being fetched; an anonymous comment carries nothing to patch with). Shown queries refetch;
   * the others are asked again when next shown.
   */
  private onEvent(
    kind: string,
    payload: { group_id?: number | null; topic_id?: number; like?: unknown; comment?: unknown; comment_id?: number } | undefined,
  ) {
    if (kind === 'notification.changed') return void this.cache.invalidate('groups/mine');
    const topicEvent = kind.startsWith('topic.') || kind.startsWith('common-topic.');
    if (!topicEvent || !payload || payload.topic_id === undefined) return;
    const action = kind.slice(kind.indexOf('.') + 1);
    const common = payload.group_id === null || payload.group_id === undefined;
    const scope = common ? 'common-topics' : `groups/${payload.group_id}/topics`;
    const detail = common ? `common-topics/detail/${payload.topic_id}` : `${scope}/detail/${payload.topic_id}`;
    if (action === 'liked' && payload.like) return;
    if (action === 'liked') return void this.cache.invalidate(detail, { exact: true });
    if (action === 'comment.liked') return void this.cache.invalidate(`${detail}/comments`);
    void this.cache.invalidate('groups/mine');
    if (action !== 'comment.added' && action !== 'comment.deleted') return void this.cache.invalidate(scope);
    const patchable = action === 'comment.added' ? !!payload.comment : payload.comment_id !== undefined;
    const patched = new Set(patchable ? this.cache.keys(`${detail}/comments`).filter((k) => !this.cache.fetching(k)) : []);
    void this.cache.invalidate(scope, { except: (k) => k === detail || patched.has(k) });
    void this.cache.invalidate(detail, { exact: true, refetch: false });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => {
      const ws = new WebSocket(`${this.base.replace('http', 'ws')}${API}/realtime`);
      this.socket = ws;
      ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token: this.token })));
      ws.on('message', (raw) => {
        stats.frames++;
        const msg = JSON.parse(String(raw)) as { type: string; event?: { kind: string; payload: never } };
        countFrame(msg);
        if (msg.type === 'ready') resolve();
        if (msg.type === 'event' && msg.event) this.onEvent(msg.event.kind, msg.event.payload);
        if (msg.type === 'subscribed') stats.subscribed[(msg as { ok?: boolean }).ok ? 'ok' : 'refused']++;
      });
      ws.on('error', () => resolve());
      ws.on('close', () => resolve());
    });
    const loop = () => {
      if (this.stopped) return;
      this.timer = setTimeout(() => void this.act().finally(loop), 5000 + Math.random() * 5000);
    };
    // Users do not all click at once: the first view (home, with the layout's own calls) lands
    // somewhere in the first 5 s.
    this.timer = setTimeout(() => void this.view({ kind: 'home' }).finally(loop), Math.random() * 5000);
  }

  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.socket?.terminate();
  }
}
