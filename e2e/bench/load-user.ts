/**
 * The simulated user of the load bench (load.ts): the pages it opens with the calls the built
 * app makes on each, its realtime socket, its topic subscription and the refetches events cause.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import WebSocket from 'ws';
import { REFRESH_COOKIE } from '../../apps/api/src/modules/auth/routes';
import { API, routeOf, type Sample } from './load-support';

export const stats = { samples: [] as Sample[], frames: 0, requests: 0, errors: 0, subscribed: { ok: 0, refused: 0 }, frameKinds: new Map<string, number>() };

/** A frame's kind for the report: the event's kind, or the message type (ready, subscribed…). */
function countFrame(msg: { type: string; event?: { kind: string } }) {
  const kind = msg.type === 'event' && msg.event ? msg.event.kind : msg.type;
  stats.frameKinds.set(kind, (stats.frameKinds.get(kind) ?? 0) + 1);
}

/**
 * Kept-alive connections through node:http rather than fetch: the generator shares the two cores
 * with the servers it measures, and fetch cost it about twice the CPU per request. It asks for
 * compressed answers as a browser does (so the servers compress as they would for one) and
 * reads each answer to its end without decoding it: no simulated user looks at the bodies.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const ACCEPT_ENCODING = 'gzip, deflate, br';

/** What a call needs of its user: where it logs in and its current tokens. */
interface Caller {
  readonly base: string;
  token: string;
  /** The browser's answer to a 401: one refresh for all calls that got it, then each retries. */
  refresh(): Promise<boolean>;
}

/** One request; the answer's status, or 599 for a network error. */
function send(base: string, headers: Record<string, string | number>, method: string, url: string, payload: string | undefined, route: string): Promise<number> {
  stats.requests++;
  const t0 = performance.now();
  return new Promise<number>((resolve) => {
    let done = false;
    const failed = () => {
      if (done) return;
      done = true;
      stats.errors++;
      stats.samples.push({ ms: performance.now() - t0, status: 599, route });
      resolve(599);
    };
    const req = http.request(`${base}${API}${url}`, {
      method,
      agent,
      headers: {
        'accept-encoding': ACCEPT_ENCODING,
        ...headers,
        ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
      },
    }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => {
        if (done) return;
        done = true;
        const status = res.statusCode ?? 599;
        stats.samples.push({ ms: performance.now() - t0, status, route });
        resolve(status);
      });
      res.on('error', failed);
    });
    req.on('error', failed);
    req.end(payload);
  });
}

/**
 * A call as the app's client makes it: on a 401 (the access token lives 15 minutes, and a slow
 * machine's run is longer) it refreshes the session once and retries. Both show in the samples.
 */
async function call(user: Caller, method: string, url: string, body?: unknown): Promise<void> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const route = routeOf(method, url);
  const token = user.token;
  const status = await send(user.base, { authorization: `Bearer ${token}` }, method, url, payload, route);
  if (status !== 401) return;
  if (user.token === token && !(await user.refresh())) return;
  await send(user.base, { authorization: `Bearer ${user.token}` }, method, url, payload, route);
}

/** POST /auth/refresh with the rotating cookie, from the portal's own origin as a browser sends it. */
async function refreshSession(base: string, cookie: string): Promise<{ token: string; cookie: string } | null> {
  stats.requests++;
  const t0 = performance.now();
  const res = await fetch(`${base}${API}/auth/refresh`, { method: 'POST', headers: { cookie, origin: base } }).catch(() => null);
  if (!res) stats.errors++;
  stats.samples.push({ ms: performance.now() - t0, status: res?.status ?? 599, route: 'POST /auth/refresh' });
  if (!res?.ok) return null;
  const token = ((await res.json()) as { items: { access_token: string } }).items.access_token;
  return { token, cookie: refreshCookieIn(res) ?? cookie };
}

/** The rotating refresh cookie's name=value pair a login or refresh answer sets, if any. */
function refreshCookieIn(res: Response): string | undefined {
  return res.headers.getSetCookie().find((x) => x.startsWith(`${REFRESH_COOKIE}=`))?.split(';')[0];
}

export function refreshCookieOf(login: Response): string {
  const c = refreshCookieIn(login);
  if (!c) throw new Error('no refresh cookie on login');
  return c;
}

type Page = { kind: 'home' } | { kind: 'feed'; group: number } | { kind: 'topic'; group: number; topic: number };

export class User implements Caller {
  page: Page = { kind: 'home' };
  private refreshing: Promise<boolean> | null = null;
  socket: WebSocket | null = null;
  inflight = new Set<string>();
  /** Topics this user has read: the page marks a topic seen only while it is unread. */
  read = new Set<number>();
  timer: NodeJS.Timeout | null = null;
  /** The open topic's own reads are in flight (an event then reloads rather than patches). */
  loading = false;
  stopped = false;
  constructor(readonly base: string, public token: string, private cookie: string, readonly groups: number[], readonly topics: Map<number, number[]>) {}

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

  private once(key: string, fn: () => Promise<unknown>) {
    if (this.inflight.has(key)) return;
    this.inflight.add(key);
    void fn().finally(() => this.inflight.delete(key));
  }
  private get = (url: string) => call(this, 'GET', url);

  /** TopicDetailView's viewTopic(): the socket subscribes while the topic page is open. */
  private setPage(p: Page) {
    const was = this.page;
    this.page = p;
    const open = this.socket?.readyState === WebSocket.OPEN ? this.socket : null;
    if (was.kind === 'topic' && !(p.kind === 'topic' && p.topic === was.topic)) open?.send(JSON.stringify({ type: 'unsubscribe', topic_id: was.topic }));
    if (p.kind === 'topic' && !(was.kind === 'topic' && was.topic === p.topic)) open?.send(JSON.stringify({ type: 'subscribe', topic_id: p.topic }));
  }

  /**
   * The calls each page makes, as recorded from the built app in Chromium (SPA navigation; a
   * group's own record and roles are fetched when the user enters that group).
   */
  private async view(p: Page) {
    const lastGroup = this.page.kind === 'home' ? null : this.page.group;
    this.setPage(p);
    if (p.kind === 'home') {
      await Promise.all([
        this.get('/informations?page=1&limit=10'),
        this.get('/members/me/groups?page=1&limit=99999'),
        this.get(`/calendar-events/calendar-by-week?date=${new Date().toISOString().slice(0, 10)}&days=7&type=1`),
        this.get('/members/me/user-group-folders'),
        this.get('/members/me/unread/count/common-topic'),
      ]);
      return;
    }
    const G = `/members/me/groups/${p.group}`;
    const entering = lastGroup !== p.group ? [this.get(G), this.get(`${G}/roles`)] : [];
    if (p.kind === 'feed') {
      await Promise.all([...entering, this.feed(p.group)]);
    } else {
      this.loading = true;
      await Promise.all([...entering, this.detail(p.group, p.topic)]).finally(() => (this.loading = false));
      // TopicDetailView marks the topic seen when its detail says unread: the first time here
      // (nobody edits topics in this model, and comments leave a topic's own read mark alone).
      if (!this.read.has(p.topic)) {
        this.read.add(p.topic);
        await call(this, 'POST', `${G}/topics/set-topic-is-seen/${p.topic}`, {});
      }
    }
  }
  /** The feed page's calls; all three are under the group's topic key, so an event reloads them all. */
  private feed(group: number) {
    const G = `/members/me/groups/${group}`;
    return Promise.all([this.get(`${G}/topics/get-not-delete-topics?orderBy=update&sortedBy=desc`), this.get(`${G}/topics/count-topic`), this.get(`${G}/folder/get-all-folder/1`)]);
  }
  private detail(group: number, topic: number) {
    const G = `/members/me/groups/${group}`;
    return Promise.all([this.get(`${G}/topics/get-topic-detail/${topic}`), this.get(`${G}/topics/get-all-comment-by-topic-id/${topic}?sortedBy=asc&limit=10&page=1`)]);
  }

  /** A like or a comment (1 action in 20), on the topic the user has open or on one they open for it. */
  private async act() {
    if (Math.random() < 0.05) {
      let p = this.page;
      if (p.kind !== 'topic') {
        const group = this.groups[Math.floor(Math.random() * this.groups.length)]!;
        const list = this.topics.get(group) ?? [];
        const topic = list[Math.floor(Math.random() * list.length)];
        if (!topic) return this.view({ kind: 'home' });
        await this.view((p = { kind: 'topic', group, topic }));
      }
      const G = `/members/me/groups/${p.group}`;
      if (Math.random() < 0.5) await call(this, 'POST', `${G}/topics/like-or-dislike-topic/${p.topic}`, { is_like: Math.random() < 0.7 });
      else await call(this, 'POST', `${G}/topics/add-new-comment`, { topic_id: p.topic, content: `負荷試験 ${randomBytes(3).toString('hex')}` });
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
   * What the open page refetches on an event (shell/src/realtime.ts refreshTopicQueries): a topic
   * event invalidates that group's topic queries and the caller's group lists (on home the one
   * list of all groups that the calendar picker and the group widget's first page share), a like only
   * the liked topic's detail or its comment pages — and a like that names its liker not even
   * that: the open detail is patched from the event; a comment on the open topic is added to its
   * comment page from the event (an anonymous one reloads it), and the detail is left alone.
   * react-query refetches the active queries, at most one of each in flight. Checked against the
   * built app in Chromium.
   */
  private onEvent(kind: string, payload: { group_id?: number | null; topic_id?: number; like?: unknown; comment?: unknown } | undefined) {
    const topicEvent = kind.startsWith('topic.') || kind.startsWith('common-topic.');
    if (!topicEvent && kind !== 'notification.changed') return;
    const p = this.page;
    const like = kind.endsWith('.liked');
    if (p.kind === 'home') {
      if (!like) this.once('groups', () => this.get('/members/me/groups?page=1&limit=99999'));
      return;
    }
    if (!topicEvent || payload?.group_id !== p.group) return;
    if (p.kind === 'feed') {
      if (!like) this.once('feed', () => this.feed(p.group));
      return;
    }
    const G = `/members/me/groups/${p.group}`;
    const comments = () => this.once('comments', () => this.get(`${G}/topics/get-all-comment-by-topic-id/${p.topic}?sortedBy=asc&limit=10&page=1`));
    // A named comment joins the open comment page from the event (realtime-comments.ts), unless
    // the page's own read is in flight then; an anonymous one reloads it. The detail only
    // changes a count no page shows.
    if ((kind.endsWith('.comment.added') || kind.endsWith('.comment.deleted')) && payload.topic_id === p.topic) {
      if ((kind.endsWith('.comment.added') && !payload.comment) || this.loading) comments();
    }
    else if (!like) this.once('detail', () => this.detail(p.group, p.topic));
    else if (payload.topic_id === p.topic) {
      if (kind.endsWith('.comment.liked')) comments();
      else if (!payload.like) this.once('topic', () => this.get(`${G}/topics/get-topic-detail/${p.topic}`));
    }
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
    // Users do not all click at once: the first view lands somewhere in the first 5 s. The
    // first page after login also loads the layout's own calls.
    const first = () =>
      Promise.all([this.get('/auth/check-group-user-login'), this.get('/members/me'), this.get('/members/me/settings'), this.get('/group-chat/count-unread'), this.get('/members/me/setting-theme/images'), this.view({ kind: 'home' })]);
    this.timer = setTimeout(() => void first().finally(loop), Math.random() * 5000);
  }

  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.socket?.terminate();
  }
}
