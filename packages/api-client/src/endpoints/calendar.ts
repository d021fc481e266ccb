import { endpoint } from '../endpoint';
import { okSchema } from '../schemas/common';
import * as c from '../schemas/calendar';

const E = '/calendar-events';
const tags = ['calendar'];

/** Calendar events, equipment booking, unread and favourites (spec section 7). */
export const calendarEndpoints = {
  calendarByWeek: endpoint({
    method: 'GET', path: `${E}/calendar-by-week`, auth: true, query: c.calendarWeekQuery, response: c.calendarWeekResponse,
    summary: 'Days from a date (aligned to week_start_date) with the events and holidays on each', tags,
  }),
  calendarEventsInRange: endpoint({
    method: 'GET', path: `${E}/get-all-calendar-events-by-user-id`, auth: true, query: c.calendarRangeQuery, response: c.calendarEventListResponse,
    summary: 'Occurrences and holidays between two dates, in start order (list view)', tags,
  }),
  calendarEventsInDay: endpoint({
    method: 'GET', path: `${E}/get-calendar-events-in-day`, auth: true, query: c.calendarDayQuery, response: c.calendarEventListResponse,
    summary: 'Occurrences and holidays of one day for the caller', tags,
  }),
  calendarMembers: endpoint({
    method: 'GET', path: `${E}/get-all-member`, auth: true, query: c.calendarMemberQuery, response: c.calendarMembersResponse,
    summary: 'People an event can be shared with: members of the caller’s groups (50 per page, searchable)', tags,
  }),
  calendarDevices: endpoint({
    method: 'GET', path: `${E}/get-all-setting-device`, auth: true, query: c.calendarDeviceQuery, response: c.calendarDevicesResponse,
    summary: 'Equipment of the caller’s groups, with business hours', tags,
  }),
  calendarUnread: endpoint({
    method: 'GET', path: `${E}/get-unread`, auth: true, query: c.calendarUnreadQuery, response: c.calendarUnreadResponse,
    summary: 'Events shared with the caller and created or changed by someone else since last read', tags,
  }),
  calendarUnreadCount: endpoint({
    method: 'GET', path: '/members/me/unread/count/event-calendar', auth: true, response: c.calendarCountResponse,
    summary: 'How many calendar events are unread for the caller', tags,
  }),
  calendarMarkRead: endpoint({
    method: 'POST', path: `${E}/mark-read`, auth: true, body: c.calendarMarkReadBody, response: okSchema,
    summary: 'Mark one event read', tags,
  }),
  calendarMarkReadAll: endpoint({
    method: 'POST', path: `${E}/mark-read-all`, auth: true, response: okSchema,
    summary: 'Mark every unread event read', tags,
  }),
  calendarMarkFavorite: endpoint({
    method: 'POST', path: `${E}/mark-favorite/:id`, auth: true, params: c.calendarIdParam, response: c.calendarFavoriteResponse,
    summary: 'Toggle the event in the caller’s favourites', tags,
  }),
  calendarFeed: endpoint({
    method: 'GET', path: `${E}/feed`, auth: true, response: c.calendarFeedStatusResponse,
    summary: 'Whether the caller has a personal iCalendar feed URL', tags,
  }),
  createCalendarFeed: endpoint({
    method: 'POST', path: `${E}/feed`, auth: true, response: c.calendarFeedUrlResponse,
    summary: 'A new secret iCalendar feed URL for the caller (the previous one stops working)', tags,
  }),
  revokeCalendarFeed: endpoint({
    method: 'DELETE', path: `${E}/feed`, auth: true, response: okSchema,
    summary: 'Revoke the caller’s iCalendar feed URL', tags,
  }),
  calendarFeedIcs: endpoint({
    method: 'GET', path: '/calendar-feed/:token', auth: false, params: c.calendarFeedParam, response: c.calendarFeedBody,
    summary: 'The personal calendar as text/calendar (repeats as RRULE, holidays included); the secret in the URL is the credential', tags,
  }),
  calendarEvent: endpoint({
    method: 'GET', path: `${E}/:id`, auth: true, params: c.calendarIdParam, query: c.calendarDetailQuery, response: c.calendarEventDetailResponse,
    summary: 'One event (at an occurrence date when given); 404 when not shared with the caller', tags,
  }),
  createCalendarEvent: endpoint({
    method: 'POST', path: E, auth: true, body: c.calendarEventBody, response: c.calendarEventDetailResponse,
    summary: 'Create an event; equipment is booked for every occurrence or the event is refused', tags,
  }),
  updateCalendarEvent: endpoint({
    method: 'PATCH', path: `${E}/:id`, auth: true, params: c.calendarIdParam, body: c.updateCalendarEventBody, response: c.calendarEventDetailResponse,
    summary: 'Change an event (creator, or sharers when accept_member_change_plan); repeat scope this/future/all', tags,
  }),
  deleteCalendarEvent: endpoint({
    method: 'DELETE', path: `${E}/:id`, auth: true, params: c.calendarIdParam, query: c.deleteCalendarEventQuery, response: okSchema,
    summary: 'Delete an event or, for a repeat, this / this and future / all occurrences', tags,
  }),
};
