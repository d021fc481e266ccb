import type { Kysely } from 'kysely';

/**
 * Issue 20 (finishing wave 1's loose ends).
 * - topic_mail_sends.sent_at: a claim row is written before an emergency mail is sent and
 *   stamped once the SMTP server accepted it. A claim left unstamped by a process that died
 *   mid-send is taken over by the retry (see modules/topics/emergency.ts); stamped rows are
 *   never mailed again. Rows from before this column were sent (or lost) already: stamped.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('topic_mail_sends').addColumn('sent_at', 'bigint').execute();
  await db.updateTable('topic_mail_sends').set((eb: any) => ({ sent_at: eb.ref('created_at') })).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('topic_mail_sends').dropColumn('sent_at').execute();
}
