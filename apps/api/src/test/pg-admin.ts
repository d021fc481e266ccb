import pg from 'pg';

/** The PostgreSQL server the tests make their databases on (its maintenance database). */
export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** One statement (CREATE or DROP DATABASE) on a connection of its own to `adminUrl`'s server. */
export async function pgAdmin(sql: string, adminUrl = PG_ADMIN_URL): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** The URL of database `name` on `adminUrl`'s server. */
export function databaseUrlOf(name: string, adminUrl = PG_ADMIN_URL): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
