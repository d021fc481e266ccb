/**
 * The bare Fastify the API bench compares the portal with: no auth, no database, no validation,
 * only the exact bytes and Content-Type the portal answered, per path. In a process of its own
 * like the API, so neither shares an event loop with the load generator. Driven over IPC: it
 * receives the routes, reports its port, and exits on `{ close: true }`.
 */
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';

interface BareRoute {
  path: string;
  type: string;
  body: string;
}

process.once('message', async (msg: { routes: BareRoute[] }) => {
  const app = Fastify({ logger: false });
  for (const r of msg.routes) {
    const body = Buffer.from(r.body, 'base64');
    app.get(r.path, (_request, reply) => {
      reply.header('Content-Type', r.type).send(body);
    });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send!({ port: (app.server.address() as AddressInfo).port });
  process.on('message', (m: { close?: boolean }) => {
    if (m.close) void app.close().then(() => process.exit(0));
  });
});
