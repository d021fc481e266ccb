import type { RealtimeEvent } from '../../kernel';

/**
 * Events that only say "a number changed" (a like count, a badge): a burst of them makes every
 * open page refetch the same thing over and over, and their frames grow with the square of the
 * users in a busy group. Per socket and per key, the first is sent at once and later ones within
 * `windowMs` collapse into one trailing frame (the latest), so the page still ends on the final
 * state. Everything else (comments, chat messages, revocations) passes straight through.
 * Likes naming their liker (topics/service.ts publishLike) are keyed per liker as well.
 */
const COALESCED_ACTIONS = new Set(['liked', 'comment.liked']);

/** The coalescing key of an event, or null when it must be delivered as it comes. */
export function coalesceKey(event: Pick<RealtimeEvent, 'kind' | 'payload'>): string | null {
  if (event.kind === 'notification.changed') return event.kind; // the user's badge counts
  const dot = event.kind.indexOf('.');
  const action = dot < 0 ? '' : event.kind.slice(dot + 1);
  if (!COALESCED_ACTIONS.has(action)) return null;
  const p = (event.payload ?? {}) as { topic_id?: unknown; comment_id?: unknown; like?: { user?: { id?: unknown } } };
  // A like that names its liker is applied by the page as a change, not a cue to reload: only
  // the same person's later like may replace it (the latest is their state), never another's.
  const liker = p.like?.user?.id === undefined ? '' : `:${String(p.like.user.id)}`;
  return `${event.kind}:${String(p.topic_id)}:${String(p.comment_id ?? '')}${liker}`;
}

interface Slot {
  pending: string | null;
  timer: ReturnType<typeof setTimeout>;
}

/** One per socket. */
export class Coalescer {
  private readonly slots = new Map<string, Slot>();

  constructor(
    private readonly sendNow: (data: string) => void,
    private readonly windowMs = 1000,
  ) {}

  deliver(key: string | null, data: string): void {
    if (key === null) {
      this.sendNow(data);
      return;
    }
    const slot = this.slots.get(key);
    if (slot) {
      slot.pending = data;
      return;
    }
    this.sendNow(data);
    this.arm(key);
  }

  private arm(key: string) {
    const slot: Slot = {
      pending: null,
      timer: setTimeout(() => {
        if (slot.pending === null) {
          this.slots.delete(key);
          return;
        }
        const data = slot.pending;
        this.sendNow(data);
        this.arm(key); // the trailing frame opens a new window
      }, this.windowMs),
    };
    slot.timer.unref?.();
    this.slots.set(key, slot);
  }

  close(): void {
    for (const s of this.slots.values()) clearTimeout(s.timer);
    this.slots.clear();
  }
}
