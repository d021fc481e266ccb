import type { FastifyInstance } from 'fastify';
import { redactUrl } from './log-redact';

/**
 * One access-log line per request, written when the reply is done. Fastify's own request
 * logging writes two info lines (incoming, completed) per request, which under load cost more
 * than the hot reads themselves; app.ts turns it off (`disableRequestLogging` through its LogController) and adds this.
 * Set LOG_LEVEL=warn to drop access lines entirely; errors are logged by the error handler.
 */
export function accessLog(app: FastifyInstance): void {
  // Decided once: at LOG_LEVEL=warn the hook is not even installed.
  if (!['trace', 'debug', 'info'].includes(app.log.level)) return;
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { method: request.method, url: redactUrl(request.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
      'request',
    );
    done();
  });
}
