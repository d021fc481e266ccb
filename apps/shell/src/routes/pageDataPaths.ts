/**
 * The main pages whose start-up data the shell fetches itself (pageData.ts): a group's pages,
 * the calendar month, the chat list, the unread list. Apart from pageData.ts so the start-up
 * chunk carries only this pattern, not the query definitions.
 */
export const PAGE_DATA_PATHS = /^\/(?:group\/[1-9]\d*(?:\/|$)|calendar\/month\/?$|chat(?:\/list)?\/?$|notification(?:\/unread)?\/?$)/;
