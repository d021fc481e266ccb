import { z } from 'zod';
import { endpoint } from '../endpoint';

/** The release a deployment runs: the portal's version and the build of each remote in use. */
export const releaseResponse = z.object({
  items: z.object({
    /** Semantic version of the portal (the root package.json of the running server). */
    version: z.string(),
    remotes: z.array(z.object({ name: z.string(), version: z.string().nullable() })),
  }),
});

export const releaseEndpoints = {
  adminRelease: endpoint({
    method: 'GET',
    path: '/company/release',
    auth: true,
    response: releaseResponse,
    summary: 'The portal version this deployment runs and the published build of each remote',
    tags: ['company'],
  }),
};
