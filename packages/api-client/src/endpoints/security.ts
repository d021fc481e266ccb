import { endpoint } from '../endpoint';
import * as s from '../schemas/security';

const tags = ['auth'];

/** First-administrator setup of a new deployment, and unlocking a locked account. */
export const securityEndpoints = {
  checkSetupLink: endpoint({
    method: 'POST',
    path: '/auth/setup/check',
    auth: false,
    body: s.setupTokenBody,
    response: s.setupStateResponse,
    summary: 'Is a first-administrator setup link still usable',
    tags,
  }),
  completeSetup: endpoint({
    method: 'POST',
    path: '/auth/setup',
    auth: false,
    body: s.setupBody,
    response: s.setupResponse,
    summary: 'Create the company and its first administrator with the one-time setup link',
    tags,
  }),
  unlockUser: endpoint({
    method: 'POST',
    path: '/company/users/:userId/unlock',
    auth: true,
    params: s.unlockUserParam,
    response: s.unlockUserResponse,
    summary: 'Company administrator: unlock an employee locked after failed logins',
    tags: ['company'],
  }),
};
