/**
 * Which sockets show which topic. A page that opens a topic subscribes to it (granted only when
 * its user may read the topic, topics/events.ts topicViewable); the detail of a like or comment
 * goes to those sockets and to the people it concerns, not to every member (events.ts).
 *
 * A grant is checked once. It is dropped when the user leaves the topic's group
 * (`group.member.removed`) and whenever a topic event for its whole audience (created, updated,
 * delivered) does not list the user, so a reader who lost access stops hearing of the topic.
 *
 * A page that leaves the topic keeps its grant for `RECENT_MS` under the same two rules, so
 * coming back (topic → feed → topic, the commonest path) is granted without asking the database
 * again: the check was one statement per topic view, ~7 % of those the load test sent.
 * That allows nothing a page kept open as long would not have had.
 */
export const MAX_VIEWED_PER_SOCKET = 16;
/** How long a left topic's grant is remembered; at most this many per socket (oldest dropped). */
export const RECENT_MS = 5 * 60_000;
export const MAX_RECENT_PER_SOCKET = 32;

export interface Viewer {
  userId: number | null;
  /** Topic id → its group (null: a common topic). */
  viewing: Map<number, number | null>;
  /** Topics the page left lately: their group and when they were left. */
  recent: Map<number, { groupId: number | null; at: number }>;
}

export class TopicViews<C extends Viewer> {
  private readonly byTopic = new Map<number, Set<C>>();
  private readonly recentByTopic = new Map<number, Set<C>>();

  constructor(private readonly now: () => number = Date.now) {}

  add(conn: C, topicId: number, groupId: number | null): boolean {
    if (!conn.viewing.has(topicId) && conn.viewing.size >= MAX_VIEWED_PER_SOCKET) return false;
    this.forget(conn, topicId);
    conn.viewing.set(topicId, groupId);
    link(this.byTopic, topicId, conn);
    return true;
  }

  /** The page left the topic (unsubscribe): the grant is remembered for a while. */
  remove(conn: C, topicId: number): void {
    const groupId = conn.viewing.get(topicId);
    if (groupId === undefined) return;
    this.drop(conn, topicId);
    if (conn.recent.size >= MAX_RECENT_PER_SOCKET) this.forget(conn, conn.recent.keys().next().value!);
    conn.recent.set(topicId, { groupId, at: this.now() });
    link(this.recentByTopic, topicId, conn);
  }

  /** A grant the page had on this topic lately and still holds: its group; undefined if none. */
  remembered(conn: C, topicId: number): { groupId: number | null } | undefined {
    const r = conn.recent.get(topicId);
    if (!r) return undefined;
    if (this.now() - r.at >= RECENT_MS) {
      this.forget(conn, topicId);
      return undefined;
    }
    return { groupId: r.groupId };
  }

  clear(conn: C): void {
    for (const topicId of [...conn.viewing.keys()]) this.drop(conn, topicId);
    for (const topicId of [...conn.recent.keys()]) this.forget(conn, topicId);
  }

  viewersOf(topicId: number): Iterable<C> {
    return this.byTopic.get(topicId) ?? [];
  }

  /** A whole-audience event for the topic: viewers whose user it does not address lost access. */
  revalidate(topicId: number, audience: ReadonlySet<number>): void {
    const lost = (conn: C) => conn.userId === null || !audience.has(conn.userId);
    for (const conn of [...this.viewersOf(topicId)]) if (lost(conn)) this.drop(conn, topicId);
    for (const conn of [...(this.recentByTopic.get(topicId) ?? [])]) if (lost(conn)) this.forget(conn, topicId);
  }

  /** The user left (or was removed from) a group: their views of its topics end. */
  leftGroup(conns: Iterable<C>, groupId: number): void {
    for (const conn of conns) {
      for (const [topicId, g] of [...conn.viewing]) if (g === groupId) this.drop(conn, topicId);
      for (const [topicId, r] of [...conn.recent]) if (r.groupId === groupId) this.forget(conn, topicId);
    }
  }

  private drop(conn: C, topicId: number): void {
    conn.viewing.delete(topicId);
    unlink(this.byTopic, topicId, conn);
  }

  private forget(conn: C, topicId: number): void {
    if (conn.recent.delete(topicId)) unlink(this.recentByTopic, topicId, conn);
  }
}

/** The sockets per topic of an index (open or recently left), with no empty sets kept. */
function link<C>(index: Map<number, Set<C>>, topicId: number, conn: C): void {
  let set = index.get(topicId);
  if (!set) index.set(topicId, (set = new Set()));
  set.add(conn);
}

function unlink<C>(index: Map<number, Set<C>>, topicId: number, conn: C): void {
  const set = index.get(topicId);
  set?.delete(conn);
  if (set?.size === 0) index.delete(topicId);
}
