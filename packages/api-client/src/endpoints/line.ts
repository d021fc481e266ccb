import { endpoint } from '../endpoint';
import { loginResponse } from '../schemas/auth';
import { okSchema } from '../schemas/common';
import * as l from '../schemas/line';

const tags = ['auth', 'line'];

/**
 * LINE login and account linking. `auth/line-login` is the spec's call (the code and state LINE
 * returned → a session); the rest start the flow and manage the link from account-info.
 */
export const lineEndpoints = {
  lineLoginConfig: endpoint({
    method: 'GET',
    path: '/auth/line-login/config',
    auth: false,
    response: l.lineConfigResponse,
    summary: 'Is LINE login configured (the login page shows its button only then)',
    tags,
  }),
  lineLoginStart: endpoint({
    method: 'POST',
    path: '/auth/line-login/start',
    auth: false,
    response: l.lineStartResponse,
    summary: 'Begin a LINE login: LINE’s authorisation URL with state, nonce and PKCE challenge (binds the browser by cookie)',
    tags,
  }),
  lineLogin: endpoint({
    method: 'POST',
    path: '/auth/line-login',
    auth: false,
    body: l.lineCallbackBody,
    response: loginResponse,
    summary: 'Finish a LINE login: exchange the code, verify the ID token, log in the linked employee',
    tags,
  }),
  lineLinkStatus: endpoint({
    method: 'GET',
    path: '/members/me/line-link',
    auth: true,
    response: l.lineLinkStatusResponse,
    summary: 'Whether LINE login is configured and the caller’s LINE account is linked',
    tags,
  }),
  lineLinkStart: endpoint({
    method: 'POST',
    path: '/members/me/line-link/start',
    auth: true,
    response: l.lineStartResponse,
    summary: 'Begin linking a LINE account to the caller',
    tags,
  }),
  lineLink: endpoint({
    method: 'POST',
    path: '/members/me/line-link',
    auth: true,
    body: l.lineCallbackBody,
    response: l.lineLinkStatusResponse,
    summary: 'Finish linking: the LINE account the code belongs to becomes the caller’s',
    tags,
  }),
  lineUnlink: endpoint({
    method: 'DELETE',
    path: '/members/me/line-link',
    auth: true,
    response: okSchema,
    summary: 'Unlink the caller’s LINE account',
    tags,
  }),
};
