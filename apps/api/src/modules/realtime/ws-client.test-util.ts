import { WebSocket } from 'ws';

export interface ServerFrame {
  type: string;
  event?: { kind: string; payload: unknown; at: number };
}

/**
 * A test-side WebSocket client: records every frame and the close, and waits for them with a
 * deadline so a missing delivery fails the test instead of hanging it.
 */
export class TestSocket {
  readonly frames: ServerFrame[] = [];
  readonly ws: WebSocket;
  readonly opened: Promise<void>;
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: (() => void)[] = [];

  constructor(url: string) {
    this.ws = new WebSocket(url);
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
    this.closed = new Promise((resolve) => {
      this.ws.once('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
        this.wake();
      });
    });
    this.ws.on('message', (data) => {
      this.frames.push(JSON.parse(data.toString()) as ServerFrame);
      this.wake();
    });
  }

  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }

  static async open(url: string): Promise<TestSocket> {
    const s = new TestSocket(url);
    await s.opened;
    return s;
  }

  send(msg: unknown): void {
    this.ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  }

  /** Resolves with the first recorded frame (from index `from`) matching `pred`. */
  async next(pred: (f: ServerFrame) => boolean, { from = 0, timeoutMs = 5000 } = {}): Promise<ServerFrame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = this.frames.slice(from).find(pred);
      if (hit) return hit;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  async auth(token: string, opts?: { from?: number; timeoutMs?: number }): Promise<void> {
    const from = opts?.from ?? this.frames.length;
    this.send({ type: 'auth', token });
    await this.next((f) => f.type === 'ready', { ...opts, from });
  }

  events(kind: string): ServerFrame[] {
    return this.frames.filter((f) => f.type === 'event' && f.event?.kind === kind);
  }

  async closeWithin(ms: number): Promise<{ code: number; reason: string }> {
    return Promise.race([
      this.closed,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`socket not closed within ${ms} ms`)), ms)),
    ]);
  }

  close(): void {
    this.ws.close();
  }
}
