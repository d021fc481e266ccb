import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable';
import { isRetryableConflict } from '../db/write';
import { HttpError } from './errors';
import { busyBody, Overloaded } from './shed';

const RATE_MESSAGE = 'Too many requests. Please wait a moment and try again.';

/** Body of the 429 the rate limiter throws; the error handler passes it through. */
export function rateLimitBody() {
  return { statusCode: 429, status_code: 'API_RATE_EXCEEDED', message: RATE_MESSAGE };
}

/**
 * Errors the router meets before any route runs: a path whose escapes are not UTF-8 (`%ED%A0%80`,
 * a lone surrogate; `%FF`) or a parameter longer than the router takes leaves in the API's own
 * format, not Fastify's.
 */
export const frameworkError: FastifyServerOptions['frameworkErrors'] = (err, _request, routerReply) => {
  const reply = routerReply as FastifyReply;
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const key = err.code === 'FST_ERR_BAD_URL' ? 'validation.invalid_characters' : 'validation.max_length';
    void reply.code(status).send({ status_code: 'VALIDATION_ERROR', message: 'The given data was invalid.', errors: { _: [key] } });
    return;
  }
  void reply.code(500).send({ status_code: 'INTERNAL_ERROR', message: 'Something went wrong.' });
};

/**
 * Every failure leaves as `{status_code, message, errors?, data?}`. Fastify's own request errors
 * (bad JSON, wrong content type, body too large) become 400 VALIDATION_ERROR; anything
 * unexpected is logged with its stack and answered as a bare 500.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError | Record<string, unknown>, request, reply) => {
    if (err instanceof HttpError) {
      if (err instanceof Overloaded) reply.header('Retry-After', String(err.retryAfterS));
      // A throttled login says when to come back, in the header as well as the body.
      const retryAfter = err.statusCode === 429 ? err.data?.retry_after : undefined;
      if (typeof retryAfter === 'number') void reply.header('Retry-After', String(retryAfter));
      return reply.code(err.statusCode).send(err.toBody());
    }
    const e = err as FastifyError & { status_code?: string };
    if (e.statusCode === 429 || e.status_code === 'API_RATE_EXCEEDED') {
      return reply.code(429).send({ status_code: 'API_RATE_EXCEEDED', message: RATE_MESSAGE });
    }
    const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
    if (status >= 400 && status < 500) {
      if (status === 404) return reply.code(404).send({ status_code: 'NOT_FOUND', message: 'Not found.' });
      if (status === 401) return reply.code(401).send({ status_code: 'INVALID_TOKEN', message: 'Unauthenticated.' });
      if (status === 403) return reply.code(403).send({ status_code: 'UNAUTHORIZED_ACTION', message: 'This action is unauthorized.' });
      const field = e.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'validation.body_too_large' : 'validation.malformed_body';
      return reply.code(400).send({ status_code: 'VALIDATION_ERROR', message: 'The request could not be read.', errors: { _: [field] } });
    }
    if (isRetryableConflict(err)) {
      // Already retried once inside the server (db/write.ts); the client may simply try again.
      request.log.warn({ err }, 'write conflict after retry');
      return reply.code(503).header('Retry-After', '1').send(busyBody());
    }
    if (isDatabaseUnavailable(err)) {
      // A restart or failover of the database: the pools reconnect by themselves (db/unavailable.ts).
      request.log.warn({ err: (err as Error).message }, 'database unavailable');
      return reply.code(503).header('Retry-After', '2').send(busyBody());
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ status_code: 'INTERNAL_ERROR', message: 'Something went wrong.' });
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/service/api/')) {
      return reply.code(404).send({ status_code: 'NOT_FOUND', message: 'Not found.' });
    }
    if (app.spaFallback) return app.spaFallback(request, reply);
    return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  });
}
