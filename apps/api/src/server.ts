import { buildApp } from './app';
import { loadConfig } from './config';
import { beginDrain } from './http/probes';

const config = loadConfig(process.env);
const app = await buildApp(config);

/** After the drain, what closing may take at most (requests in flight, sockets, job leases). */
const CLOSE_MS = 10_000;

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal, drainMs: config.drainMs }, 'shutting down');
  // A stuck connection must not keep the process alive forever during a deploy.
  const force = setTimeout(() => process.exit(1), config.drainMs + CLOSE_MS);
  force.unref();
  try {
    // /readyz answers 503 first, while everything else is still served (DRAIN_MS).
    beginDrain(app);
    if (config.drainMs > 0) await new Promise((r) => setTimeout(r, config.drainMs));
    await app.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  // A burst of new connections (many clients at once with no proxy in front) waits in the
  // kernel's accept queue instead of overflowing Node's default of 511: a dropped SYN is retried
  // only after a second or more. The kernel caps it at net.core.somaxconn.
  await app.listen({ port: config.port, host: config.host, backlog: 4096 });
} catch (err) {
  app.log.error({ err }, 'failed to start');
  await app.close();
  process.exit(1);
}
