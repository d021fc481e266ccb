/**
 * Which sockets show which topic. A page that opens a topic subscribes to it (granted only when
 * its user may read the topic, topics/events.ts topicViewable); the detail of a like or comment
 * goes to those sockets and to the people it concerns, not to every member (events.ts).
 *
 * A grant is checked once. It is dropped when the user leaves the topic's group
 * (`group.member.removed`) and whenever a topic event for its whole audience (created, updated,
 * delivered) does not list the user, so a reader who lost access stops hearing of the topic.
 */
export const MAX_VIEWED_PER_SOCKET = 16;

export interface Viewer {
  userId: number | null;
  /** Topic id → its group (null: a common topic). */
  viewing: Map<number, number | null>;
}

export class TopicViews<C extends Viewer> {
  private readonly byTopic = new Map<number, Set<C>>();

  add(conn: C, topicId: number, groupId: number | null): boolean {
    if (!conn.viewing.has(topicId) && conn.viewing.size >= MAX_VIEWED_PER_SOCKET) return false;
    conn.viewing.set(topicId, groupId);
    let set = this.byTopic.get(topicId);
    if (!set) this.byTopic.set(topicId, (set = new Set()));
    set.add(conn);
    return true;
  }

  remove(conn: C, topicId: number): void {
    conn.viewing.delete(topicId);
    const set = this.byTopic.get(topicId);
    set?.delete(conn);
    if (set?.size === 0) this.byTopic.delete(topicId);
  }

  clear(conn: C): void {
    for (const topicId of [...conn.viewing.keys()]) this.remove(conn, topicId);
  }

  viewersOf(topicId: number): Iterable<C> {
    return this.byTopic.get(topicId) ?? [];
  }

  /** A whole-audience event for the topic: viewers whose user it does not address lost access. */
  revalidate(topicId: number, audience: ReadonlySet<number>): void {
    for (const conn of [...this.viewersOf(topicId)]) {
      if (conn.userId === null || !audience.has(conn.userId)) this.remove(conn, topicId);
    }
  }

  /** The user left (or was removed from) a group: their views of its topics end. */
  leftGroup(conns: Iterable<C>, groupId: number): void {
    for (const conn of conns) {
      for (const [topicId, g] of [...conn.viewing]) if (g === groupId) this.remove(conn, topicId);
    }
  }
}
