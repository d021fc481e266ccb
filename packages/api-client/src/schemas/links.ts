import { z } from 'zod';

/**
 * Signed links: what a browser loads by URL (an `<img>`, a download it streams to
 * disk) cannot carry the bearer token, so the client asks for short-lived links that name one
 * file for the caller. `body` is what a zip download's POST would carry.
 */
export const signUrlsBody = z
  .object({
    items: z
      .array(
        z
          .object({
            path: z.string().min(1).max(2000),
            body: z.record(z.string(), z.unknown()).optional(),
          })
          .strict(),
      )
      .min(1)
      .max(100),
  })
  .strict();

/** One URL per item, in order: a same-origin path with `u`, `e` (expiry, seconds) and `s`. */
export const signUrlsResponse = z.object({ urls: z.array(z.string()) });
