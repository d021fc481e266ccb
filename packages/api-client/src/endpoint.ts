import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What the client needs to call an endpoint, without its schemas (routes.gen.ts). */
export interface Route {
  method: HttpMethod;
  path: string;
  auth: boolean;
}

/**
 * One API call: method, path (relative to /service/api/v1, `:name` for params) and the zod
 * schemas of its parts. apps/api registers routes from these and the typed client calls them,
 * so the contract cannot drift.
 */
export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  /** false for the no-auth calls (login, forgot password, preview…). */
  auth: boolean;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /**
   * The endpoint also takes multipart/form-data: the JSON that `body` validates travels as a
   * string in the `data` part and files in `files` parts (uploads with a progress bar). The API
   * then parses `body` itself while it streams the files.
   */
  multipart?: { data: string; files: string };
  /** Short description for the OpenAPI document. */
  summary: string;
  tags: string[];
}

export function endpoint<
  P extends z.ZodType = z.ZodNever,
  Q extends z.ZodType = z.ZodNever,
  B extends z.ZodType = z.ZodNever,
  R extends z.ZodType = z.ZodType,
>(e: Endpoint<P, Q, B, R>): Endpoint<P, Q, B, R> {
  return e;
}

type Maybe<T extends z.ZodType, K extends string> = [T] extends [z.ZodNever] ? { [k in K]?: never } : { [k in K]: z.input<T> };

export type CallArgs<E> =
  E extends Endpoint<infer P, infer Q, infer B, z.ZodType> ? Maybe<P, 'params'> & Maybe<Q, 'query'> & Maybe<B, 'body'> : never;

export type CallResult<E> = E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

/** Fills `:name` placeholders; values are URL-encoded. */
export function buildPath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === null) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(v));
  });
}
