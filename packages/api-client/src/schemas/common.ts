import { z } from 'zod';
import { rowIdText } from '../validation';

/** Every success body is `{ items: T }` (the spec's "response items.access_token"). */
export function envelope<T extends z.ZodType>(items: T) {
  return z.object({ items });
}

/** Page reply per spec section 3: data plus last_page (1-based pages). */
export function page<T extends z.ZodType>(row: T) {
  return z.object({
    data: z.array(row),
    current_page: z.number().int(),
    last_page: z.number().int(),
    total: z.number().int(),
  });
}

/** A keyset page (the topic and file lists): `next_cursor` asks for the following page. */
export function keysetPage<T extends z.ZodType>(row: T) {
  return z.object({
    data: z.array(row),
    /** The page asked for; 0 when the page was reached by cursor. */
    current_page: z.number().int(),
    has_more: z.boolean(),
    next_cursor: z.string().nullable(),
  });
}

export const pageQuery = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(99999).default(10),
  })
  .strict();

export const okSchema = envelope(z.object({ ok: z.literal(true) }));
export const idParam = z.object({ id: rowIdText() }).strict();
