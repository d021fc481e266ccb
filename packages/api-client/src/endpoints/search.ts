import { endpoint } from '../endpoint';
import { okSchema } from '../schemas/common';
import * as s from '../schemas/search';

const tags = ['search'];

/** Search. The spec names no path; these sit with the caller's other lists. */
export const searchEndpoints = {
  search: endpoint({
    method: 'GET',
    path: '/members/me/search',
    auth: true,
    query: s.searchQuery,
    response: s.searchResponse,
    summary: 'Search topics, files, chat or calendar: only what the caller may read now',
    tags,
  }),
  savedSearches: endpoint({
    method: 'GET',
    path: '/members/me/saved-searches',
    auth: true,
    response: s.savedSearchesResponse,
    summary: 'The caller’s saved searches with their new hits',
    tags,
  }),
  savedSearchCount: endpoint({
    method: 'GET',
    path: '/members/me/saved-searches/count',
    auth: true,
    response: s.savedSearchCountResponse,
    summary: 'New hits over all saved searches (for the unread count)',
    tags,
  }),
  saveSearch: endpoint({
    method: 'POST',
    path: '/members/me/saved-searches',
    auth: true,
    body: s.saveSearchBody,
    response: s.savedSearchResponse,
    summary: 'Save a /search-result query (an identical one is returned as is)',
    tags,
  }),
  markSavedSearchSeen: endpoint({
    method: 'POST',
    path: '/members/me/saved-searches/:savedId/seen',
    auth: true,
    params: s.savedSearchParam,
    response: okSchema,
    summary: 'The caller has seen the saved search’s hits up to now',
    tags,
  }),
  deleteSavedSearch: endpoint({
    method: 'POST',
    path: '/members/me/saved-searches/:savedId/delete',
    auth: true,
    params: s.savedSearchParam,
    response: okSchema,
    summary: 'Forget a saved search',
    tags,
  }),
};
