import type { FastifyInstance } from 'fastify';

/** Placeholder until the WebSocket transport lands: registers nothing. */
export default async function realtimePlugin(_app: FastifyInstance): Promise<void> {}
