import { endpoint } from '../endpoint';
import { okSchema } from '../schemas/common';
import * as s from '../schemas/remote-ops';

/**
 * Canary remotes. The shell reports how each remote build fares; company administrators see both
 * builds of each remote and promote or withdraw a canary (deployment-wide, audited).
 */
export const remoteEndpoints = {
  reportRemoteHealth: endpoint({
    method: 'POST',
    path: '/remotes/health',
    auth: true,
    body: s.remoteHealthBody,
    response: okSchema,
    summary: 'Loads and errors of one remote build seen by this page since its last report',
    tags: ['remotes'],
  }),
  adminListRemotes: endpoint({
    method: 'GET',
    path: '/company/remotes',
    auth: true,
    response: s.remoteStatusResponse,
    summary: 'Each remote’s stable and canary builds, the canary’s share, loads and errors per build',
    tags: ['company'],
  }),
  adminPromoteRemote: endpoint({
    method: 'POST',
    path: '/company/remotes/:name/promote',
    auth: true,
    params: s.remoteNameParam,
    body: s.remoteActionBody,
    response: s.remoteActionResponse,
    summary: 'Make the canary build of a remote the stable build for everyone',
    tags: ['company'],
  }),
  adminRollbackRemote: endpoint({
    method: 'POST',
    path: '/company/remotes/:name/rollback',
    auth: true,
    params: s.remoteNameParam,
    body: s.remoteActionBody,
    response: s.remoteActionResponse,
    summary: 'Withdraw the canary of a remote, or without one go back to the previous stable build',
    tags: ['company'],
  }),
};
