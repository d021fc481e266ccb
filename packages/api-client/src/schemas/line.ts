import { z } from 'zod';
import { envelope } from './common';

/**
 * LINE login (spec section 7 "POST auth/line-login"). The browser is sent to LINE with a
 * server-made state, nonce and PKCE challenge; LINE sends it back to /line-login with a one-time
 * code, which the page posts here at once. Nothing else of the exchange ever reaches the browser.
 */
export const lineConfigResponse = envelope(z.object({ enabled: z.boolean() }));
export const lineStartResponse = envelope(z.object({ authorize_url: z.string().url() }));
export const lineCallbackBody = z
  .object({
    code: z.string().trim().min(1, 'validation.required').max(512),
    state: z
      .string()
      .trim()
      .min(16, 'validation.format')
      .max(128)
      .regex(/^[A-Za-z0-9_-]+$/, 'validation.format'),
  })
  .strict();
export const lineLinkStatusResponse = envelope(
  z.object({ enabled: z.boolean(), linked: z.boolean(), linked_at: z.number().int().nullable() }),
);
