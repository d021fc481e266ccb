/**
 * The bare `ws` broadcast the chat bench compares the portal with, in a process of its own like
 * the API (so neither side shares an event loop with the receiving clients). Driven over IPC:
 * it reports its port, then on `{ frame }` sends that frame to every client and replies with the
 * wall-clock time the broadcast started.
 */
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';

const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
server.once('listening', () => process.send!({ port: (server.address() as AddressInfo).port }));
process.on('message', (msg: { frame?: string; close?: boolean }) => {
  if (msg.close) {
    server.close(() => process.exit(0));
    for (const c of server.clients) c.terminate();
    return;
  }
  const at = performance.timeOrigin + performance.now();
  for (const c of server.clients) c.send(msg.frame!);
  process.send!({ at });
});
