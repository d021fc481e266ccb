import { z } from 'zod';
import type { ErrorBody } from '../errors';

/**
 * zod form of ErrorBody for the API (reply validation, OpenAPI). The browser uses the
 * hand-written parseErrorBody instead; errors.test.ts checks that both agree.
 */
export const errorBodySchema = z.object({
  status_code: z.string(),
  message: z.string(),
  /** Field name → list of message keys, for 400 validation errors. */
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** Extra data some errors carry (e.g. the reset link on ACCOUNT_LOCKED). */
  data: z.record(z.string(), z.unknown()).optional(),
}) satisfies z.ZodType<ErrorBody>;
