import type { FastifyInstance } from 'fastify';

/** Placeholder until static serving of the shell and remotes lands: registers nothing. */
export default async function remotesPlugin(_app: FastifyInstance): Promise<void> {}
