import type { ReadableAtom } from 'nanostores';

/**
 * The routing between the page's one realtime bus and the cache reactions of the apps. Each
 * remote owns the reactions to the queries it creates and registers them when its code is first
 * evaluated (its `src/realtime.ts`, imported by its exposed modules); the shell starts the bus and
 * calls `routeRealtimeReactions` with it and the shared query client. A queries' owner that is not
 * loaded yet has nothing cached to react on, so registering on load misses nothing; queries the
 * shell itself shows (navbar counts, settings) keep their reactions in the shell from start-up.
 *
 * This lives here, in a Module Federation singleton, because remotes cannot import the shell.
 */

/**
 * What a reaction may use of the bus: its events and its connection status (the part of
 * `RealtimeBus` a reaction needs, spelled out so this file does not import ./realtime, which
 * re-exports it).
 */
export interface RealtimeSubscriber {
  subscribe(kind: string, handler: (event: { kind: string; payload?: unknown; at: number }) => void): () => void;
  status: ReadableAtom<'idle' | 'connecting' | 'open' | 'closed'>;
}
/** Subscribes a remote's reactions; returns what unsubscribes them. */
export type RealtimeReactions<Client> = (bus: RealtimeSubscriber, client: Client) => () => void;

const registered = new Map<string, RealtimeReactions<never>>();
let routing: { bus: RealtimeSubscriber; client: unknown; stops: Map<string, () => void> } | null = null;

/**
 * Registers `owner`'s reactions, once: remotes bundling the same shared screens (the topic
 * engine in groups and common-topic) register them under one owner name, and the first wins.
 * Installed at once when the bus is already running, else when it starts.
 */
export function registerRealtimeReactions<Client>(owner: string, reactions: RealtimeReactions<Client>): void {
  if (registered.has(owner)) return;
  registered.set(owner, reactions as RealtimeReactions<never>);
  if (routing) routing.stops.set(owner, reactions(routing.bus, routing.client as Client));
}

/** The shell's side: routes the bus's events to every registered reaction until the returned stop. */
export function routeRealtimeReactions<Client>(bus: RealtimeSubscriber, client: Client): () => void {
  const stops = new Map<string, () => void>();
  const current = { bus, client, stops };
  routing = current;
  for (const [owner, reactions] of registered) stops.set(owner, (reactions as RealtimeReactions<Client>)(bus, client));
  return () => {
    for (const stop of stops.values()) stop();
    stops.clear();
    if (routing === current) routing = null;
  };
}

/** Owners registered so far (tests, diagnostics). */
export function realtimeReactionOwners(): string[] {
  return [...registered.keys()];
}
