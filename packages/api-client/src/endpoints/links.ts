import { endpoint } from '../endpoint';
import * as l from '../schemas/links';

/** Short-lived signed links for images and downloads (see apps/api/src/http/signed-url.ts). */
export const linkEndpoints = {
  signUrls: endpoint({
    method: 'POST',
    path: '/members/me/signed-urls',
    auth: true,
    body: l.signUrlsBody,
    response: l.signUrlsResponse,
    summary: 'Signed URLs (a few minutes) for images and downloads the caller opens by URL; each request is authorised again',
    tags: ['files'],
  }),
};
