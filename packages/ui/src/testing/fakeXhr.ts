import { vi } from 'vitest';

export interface SentXhr {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: FormData;
}

/**
 * One queued answer: a response; `pending` reports half the upload and never settles (checks made
 * while an upload runs); `hang` reports nothing; `network` fails like a dropped connection.
 */
export type XhrAnswer = { status: number; body: unknown } | 'pending' | 'hang' | 'network';

/**
 * Stands in for XMLHttpRequest, which the portal uses for multipart uploads because it alone
 * reports upload progress: records each request and answers from the queue, reporting `steps`
 * percent of progress first (null: an event without a known total). An upload nobody queued an
 * answer for fails the test.
 */
export function fakeXhr(answers: XhrAnswer[], opts: { steps?: (number | null)[] } = {}) {
  const steps = opts.steps ?? [50, 100];
  const sent: SentXhr[] = [];
  let aborted = 0;
  class FakeXhr {
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    private req = { method: '', url: '', headers: {} as Record<string, string> };
    open(method: string, url: string) {
      this.req.method = method;
      this.req.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.req.headers[name] = value;
    }
    abort() {
      aborted++;
      this.onabort?.();
    }
    private progress(percent: number | null) {
      this.upload.onprogress?.(
        percent === null ? { lengthComputable: false, loaded: 0, total: 0 } : { lengthComputable: true, loaded: percent, total: 100 },
      );
    }
    send(body: FormData) {
      sent.push({ ...this.req, body });
      const a = answers.shift();
      if (!a) throw new Error(`unexpected upload to ${this.req.url}`);
      if (a === 'hang') return;
      if (a === 'pending') {
        queueMicrotask(() => this.progress(50));
        return;
      }
      queueMicrotask(() => {
        if (a === 'network') return this.onerror?.();
        steps.forEach((s) => this.progress(s));
        this.status = a.status;
        this.responseText = typeof a.body === 'string' ? a.body : JSON.stringify(a.body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { sent, aborted: () => aborted };
}

/** A stand-in XMLHttpRequest: records what was sent, reports progress, answers when told. */
export class ManualXhr {
  static all: ManualXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    ManualXhr.all.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {}
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}
