import * as fb from '../schemas/firebase';
import { endpoint } from '../endpoint';
import { okSchema } from '../schemas/common';
import * as n from '../schemas/notifications';
import { todoEndpoints } from './todo';

const M = '/members/me';
const tags = ['notifications'];

/** Unread list and counts, like notices, favourites (spec section 7 "Notifications"). */
export const notificationEndpoints = {
  unreadList: endpoint({
    method: 'GET', path: `${M}/notification/unread`, auth: true, query: n.unreadListQuery, response: n.unreadListResponse,
    summary: 'Unread items the caller can read now, newest first (optionally one group)', tags,
  }),
  notificationCount: endpoint({
    method: 'GET', path: `${M}/notification/count/:kind`, auth: true, params: n.countKindParam, response: n.countResponse,
    summary: 'Total unread items (kind 1) or unread like notices (kind 2)', tags,
  }),
  groupNotificationCount: endpoint({
    method: 'GET', path: `${M}/notification/:groupId/count`, auth: true, params: n.notificationGroupParam, response: n.groupCountResponse,
    summary: 'Unread items of one group, with what they are', tags,
  }),
  unreadGroupData: endpoint({
    method: 'GET', path: `${M}/unread/group-data`, auth: true, response: n.unreadGroupData,
    summary: 'Unread counts per joined group, common content and in total', tags,
  }),
  markReadEachItem: endpoint({
    method: 'POST', path: `${M}/mark-read-each-item/:id`, auth: true, params: n.itemIdParam, response: n.markedResponse,
    summary: 'Mark one unread item read', tags,
  }),
  markReadSelected: endpoint({
    method: 'POST', path: `${M}/notification/set-notification-is-seen`, auth: true, body: n.markSelectedBody, response: n.markedResponse,
    summary: 'Mark the ticked unread items read', tags,
  }),
  markReadGroup: endpoint({
    method: 'POST', path: `${M}/mark-read-group/:groupId`, auth: true, params: n.notificationGroupParam, response: n.markedResponse,
    summary: 'Mark every unread item of one group read', tags,
  }),
  likeList: endpoint({
    method: 'GET', path: `${M}/notification/like`, auth: true, query: n.pagedQuery, response: n.likeListResponse,
    summary: 'Likes others gave the caller’s topics and comments, one row per liked item', tags,
  }),
  markReadAllLike: endpoint({
    method: 'GET', path: `${M}/notification/mark-read-all-like`, auth: true, response: okSchema,
    summary: 'Mark every like notice read (the like dropdown opened)', tags,
  }),
  favoriteList: endpoint({
    method: 'GET', path: `${M}/favorite`, auth: true, query: n.pagedQuery, response: n.favoriteListResponse,
    summary: 'The caller’s favourites they can still read, newest change first', tags,
  }),
  groupTopData: endpoint({
    method: 'GET', path: `${M}/groups/:id/data-group-top`, auth: true, params: n.groupTopParam, response: n.groupTopResponse,
    summary: 'Group top page: newest topics and files with read marks, and the group’s news', tags,
  }),
  groupTopUnreadCount: endpoint({
    method: 'GET', path: `${M}/groups/:id/get-count-unread-data-group-top`, auth: true, params: n.groupTopParam, response: n.groupCountResponse,
    summary: 'Unread items of the group (the same number as its badge), with what they are', tags,
  }),
  favoriteCount: endpoint({
    method: 'GET', path: `${M}/count-favorite`, auth: true, response: n.favoriteCountResponse,
    summary: 'How many favourites, and how many of them unread', tags,
  }),
  unsubscribeDigest: endpoint({
    method: 'POST', path: '/notification/unsubscribe', auth: false, query: n.unsubscribeQuery, response: okSchema,
    summary: 'One-click unsubscribe from digest mails (RFC 8058; the token comes in the mail)', tags,
  }),
  pushPublicKey: endpoint({
    method: 'GET', path: '/notification/push-public-key', auth: true, response: n.pushPublicKeyResponse,
    summary: 'The server’s VAPID public key, for PushManager.subscribe (Web Push, RFC 8292)', tags,
  }),
  firebaseToken: endpoint({
    method: 'POST', path: '/realtime/firebase-token', auth: true, response: fb.firebaseTokenResponse,
    summary: 'Realtime transport for the browser: `websocket`, or with Firebase realtime configured a Firebase custom token (uid = user id, 1 h) and the web config', tags: ['realtime'],
  }),
  ...todoEndpoints,
};
