import { z } from 'zod';
import { endpoint } from './endpoint';
import * as auth from './schemas/auth';
import * as members from './schemas/members';
import { okSchema } from './schemas/common';
import { groupEndpoints } from './endpoints/groups';
import { topicEndpoints } from './endpoints/topics';
import { fileEndpoints } from './endpoints/files';
import { securityEndpoints } from './endpoints/security';
import { calendarEndpoints } from './endpoints/calendar';
import { chatEndpoints } from './endpoints/chat';
import { notificationEndpoints } from './endpoints/notifications';
import { newsEndpoints } from './endpoints/news';
import { searchEndpoints } from './endpoints/search';
import { settingsEndpoints } from './endpoints/settings';
import { helpEndpoints } from './endpoints/help';
import { lineEndpoints } from './endpoints/line';
import { adminEndpoints } from './endpoints/admin';
import { linkEndpoints } from './endpoints/links';
import { remoteEndpoints } from './endpoints/remotes';
import { releaseEndpoints } from './endpoints/release';

/**
 * The API's endpoints built so far. Later domains add their own `endpoints/<domain>.ts` and
 * spread them in here.
 */
export const endpoints = {
  login: endpoint({
    method: 'POST',
    path: '/auth/login',
    auth: false,
    body: auth.loginBody,
    response: auth.loginResponse,
    summary: 'Log in by employee number or e-mail',
    tags: ['auth'],
  }),
  // The spec's GET auth/refresh keeps its path but is a POST: a state change (the refresh token
  // rotates) must not be a GET, and a POST carries the Origin the server checks.
  refresh: endpoint({
    method: 'POST',
    path: '/auth/refresh',
    auth: false,
    response: auth.refreshResponse,
    summary: 'New access token (and rotated refresh cookie) from the HttpOnly refresh cookie; same-origin only',
    tags: ['auth'],
  }),
  logout: endpoint({
    method: 'POST',
    path: '/auth/logout',
    auth: true,
    body: auth.logoutBody,
    response: okSchema,
    summary: 'Log out; resets the given device token',
    tags: ['auth'],
  }),
  resetNotification: endpoint({
    method: 'POST',
    path: '/auth/reset-notification',
    auth: true,
    body: auth.deviceTokenBody,
    response: okSchema,
    summary: 'Reset the notification counter of a device token',
    tags: ['auth'],
  }),
  resetNotificationBeforeLogin: endpoint({
    method: 'POST',
    path: '/auth/reset-notification-before-login',
    auth: false,
    body: auth.deviceTokenBody,
    response: okSchema,
    summary: 'Reset a device token counter before login',
    tags: ['auth'],
  }),
  updateDeviceToken: endpoint({
    method: 'PATCH',
    path: '/auth/update-device-token',
    auth: true,
    body: auth.deviceTokenBody,
    response: okSchema,
    summary: 'Register this browser’s push token',
    tags: ['auth'],
  }),
  deleteDeviceToken: endpoint({
    method: 'POST',
    path: '/auth/delete-device-token',
    auth: true,
    body: auth.deviceTokenBody,
    response: okSchema,
    summary: 'Forget a push token',
    tags: ['auth'],
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/auth/forgot-password',
    auth: false,
    body: auth.forgotPasswordBody,
    response: okSchema,
    summary: 'Mail a password-reset link',
    tags: ['auth'],
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/auth/reset-password',
    auth: false,
    body: auth.resetPasswordBody,
    response: okSchema,
    summary: 'Set a new password with a reset token',
    tags: ['auth'],
  }),
  checkTokenExpired: endpoint({
    method: 'POST',
    path: '/auth/check-token-expired',
    auth: false,
    body: auth.checkTokenExpiredBody,
    response: auth.checkTokenExpiredResponse,
    summary: 'Is a reset token still usable',
    tags: ['auth'],
  }),
  checkGroupUserLogin: endpoint({
    method: 'GET',
    path: '/auth/check-group-user-login',
    auth: true,
    response: members.checkGroupUserLoginResponse,
    summary: 'Refuses (401 USER_NOT_BE_LONG_TO_GROUP) an employee with no group',
    tags: ['auth'],
  }),
  privacyPolicy: endpoint({
    method: 'GET',
    path: '/privacy-policy',
    auth: false,
    response: auth.policyResponse,
    query: z.object({ lang: z.enum(['ja', 'en']).optional() }).strict(),
    summary: 'Privacy policy text',
    tags: ['auth'],
  }),
  termOfUse: endpoint({
    method: 'GET',
    path: '/term-of-use',
    auth: false,
    response: auth.policyResponse,
    query: z.object({ lang: z.enum(['ja', 'en']).optional() }).strict(),
    summary: 'Terms of use text',
    tags: ['auth'],
  }),
  me: endpoint({
    method: 'GET',
    path: '/members/me',
    auth: true,
    response: members.meResponse,
    summary: 'The logged-in user: info, profile, company info, roles',
    tags: ['members'],
  }),
  settings: endpoint({
    method: 'GET',
    path: '/members/me/settings',
    auth: true,
    response: members.settingsResponse,
    summary: 'All settings sections with defaults filled in',
    tags: ['members'],
  }),
  updateSettings: endpoint({
    method: 'PATCH',
    path: '/members/me/settings/:section',
    auth: true,
    params: members.settingsSectionParam,
    body: z.record(z.string(), z.unknown()),
    response: members.settingsResponse,
    summary: 'Update part of one settings section',
    tags: ['members'],
  }),
  updateLanguage: endpoint({
    method: 'PATCH',
    path: '/members/me/setting-language',
    auth: true,
    body: members.languageBody,
    response: members.settingsResponse,
    summary: 'Set the UI language',
    tags: ['members'],
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/members/me/change-password',
    auth: true,
    body: members.changePasswordBody,
    response: okSchema,
    summary: 'Change own password',
    tags: ['members'],
  }),
  ...groupEndpoints,
  ...topicEndpoints,
  ...fileEndpoints,
  ...securityEndpoints,
  ...calendarEndpoints,
  ...chatEndpoints,
  ...notificationEndpoints,
  ...newsEndpoints,
  ...searchEndpoints,
  ...settingsEndpoints,
  ...helpEndpoints,
  ...lineEndpoints,
  ...adminEndpoints,
  ...linkEndpoints,
  ...remoteEndpoints,
  ...releaseEndpoints,
};

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
