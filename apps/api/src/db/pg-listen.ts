import pg from 'pg';

export interface PgListener {
  /** True while the LISTEN is in place: only then is every change on the channel heard. */
  listening(): boolean;
  close(): Promise<void>;
}

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 5000;

/**
 * One connection LISTENing on a channel, reconnecting after a loss (0.5 s, doubling to 5 s: the
 * caches built on it are off until it is back, so a restarted server is found again quickly).
 * `onState(false)` comes as soon as the connection fails: whatever the caller derived from
 * notifications is then unreliable (changes may pass unheard) until `onState(true)`, which comes
 * once the LISTEN is back in place.
 */
export function listenPg(
  connectionString: string,
  channel: string,
  onMessage: (payload: string) => void,
  onState: (listening: boolean) => void,
): PgListener {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`listenPg: channel ${channel} is not a plain identifier`);
  let client: pg.Client | null = null;
  let ready = false;
  let closed = false;
  let delay = FIRST_RETRY_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const lost = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    if (ready) {
      ready = false;
      onState(false);
    }
    void c.end().catch(() => undefined);
    if (!closed) {
      timer = setTimeout(connect, delay);
      timer.unref?.();
      delay = Math.min(delay * 2, MAX_RETRY_MS);
    }
  };

  async function connect() {
    if (closed) return;
    const c = new pg.Client({ connectionString });
    client = c;
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    c.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) onMessage(msg.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      if (client !== c || closed) return;
      ready = true;
      delay = FIRST_RETRY_MS;
      onState(true);
    } catch {
      lost(c);
    }
  }
  void connect();

  return {
    listening: () => ready,
    async close() {
      closed = true;
      clearTimeout(timer);
      const c = client;
      client = null;
      ready = false;
      await c?.end().catch(() => undefined);
    },
  };
}
