/**
 * Booleans are 0/1 integers because SQLite has no boolean type. Its own file so that the table
 * files types.ts gathers (types-chat.ts, …) can use it without importing types.ts back.
 */
export type Bool = 0 | 1;
