import type { TestApp } from './harness';

/**
 * The authorisation matrix of a group's topics or files: everyone who might call a route, from
 * nobody to the group's administrator. `otherGroup` holds every right in another group of the
 * same company, so a refusal is about the group, not about the right.
 */
export type ContentPersona = 'anonymous' | 'outsider' | 'otherGroup' | 'member' | 'writer' | 'admin';
export const CONTENT_PERSONAS: ContentPersona[] = ['anonymous', 'outsider', 'otherGroup', 'member', 'writer', 'admin'];
/** read: any member; write: the area's write right (or administrator); admin: role_admin. */
export type ContentRule = 'read' | 'write' | 'admin';

export type MatrixRequest = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown; headers?: Record<string, string> };

/** What a route answers each persona under its rule: strangers never learn the group exists. */
export function contentStatus(rule: ContentRule, p: ContentPersona): number {
  if (p === 'anonymous') return 401;
  if (p === 'outsider' || p === 'otherGroup') return 404;
  if (rule === 'read') return 200;
  if (rule === 'write') return p === 'member' ? 403 : 200;
  return p === 'admin' ? 200 : 403;
}

/**
 * Sends one request as every persona, each against a fresh fixture (a refused write must not be
 * masked by an earlier persona's success), and returns the status per persona. `on404` checks
 * the error code of each not-found answer.
 */
export async function statusPerPersona<Fx>(
  t: TestApp,
  tokenOf: (p: Exclude<ContentPersona, 'anonymous'>) => string,
  fixture: (p: ContentPersona) => Promise<Fx>,
  req: (fx: Fx) => MatrixRequest,
  on404: (p: ContentPersona, code: unknown) => void,
): Promise<Record<string, number>> {
  const got: Record<string, number> = {};
  for (const p of CONTENT_PERSONAS) {
    const r = req(await fixture(p));
    const res = await t.inject({ ...r, payload: r.payload as never, token: p === 'anonymous' ? undefined : tokenOf(p) });
    got[p] = res.statusCode;
    if (res.statusCode === 404) on404(p, res.json().status_code);
  }
  return got;
}
