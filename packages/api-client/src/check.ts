/**
 * A few hand-written shape checks for the documents the browser validates at start-up
 * (remotes.json, realtime messages). zod would cost ~17 KB gzip there even as zod/mini, because
 * the lazy form chunks use classic zod and the bundler keeps the shared zod core whole; these
 * checks are the single validator the API uses too. The `parse`/`safeParse` pair mirrors zod's
 * so callers read the same either way.
 */

export type SafeParseResult<T> = { success: true; data: T } | { success: false; error: ShapeError };

export interface Validator<T> {
  /** The value, rebuilt with only the known keys; throws ShapeError when it does not fit. */
  parse(value: unknown): T;
  safeParse(value: unknown): SafeParseResult<T>;
}

export class ShapeError extends Error {
  /** The first problem found, in the form of zod's issues so callers' reporting is unchanged. */
  readonly issues: { path: string[]; message: string }[];

  constructor(
    readonly path: string,
    readonly expected: string,
  ) {
    super(`${path || 'value'}: expected ${expected}`);
    this.name = 'ShapeError';
    this.issues = [{ path: path ? path.split('.') : [], message: this.message }];
  }
}

/** Wraps a reader that throws ShapeError (via the helpers below) into a Validator. */
export function validator<T>(read: (value: unknown) => T): Validator<T> {
  const safeParse = (value: unknown): SafeParseResult<T> => {
    try {
      return { success: true, data: read(value) };
    } catch (e) {
      if (e instanceof ShapeError) return { success: false, error: e };
      throw e;
    }
  };
  return { parse: read, safeParse };
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function record(v: unknown, path: string): Record<string, unknown> {
  if (!isRecord(v)) throw new ShapeError(path, 'an object');
  return v;
}

export function string(v: unknown, path: string, min = 0, max = Infinity): string {
  if (typeof v !== 'string' || v.length < min || v.length > max) {
    throw new ShapeError(path, max === Infinity ? `a string of at least ${min} characters` : `a string of ${min}–${max} characters`);
  }
  return v;
}

export function boolean(v: unknown, path: string): boolean {
  if (typeof v !== 'boolean') throw new ShapeError(path, 'a boolean');
  return v;
}

export function finiteNumber(v: unknown, path: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new ShapeError(path, 'a finite number');
  return v;
}
