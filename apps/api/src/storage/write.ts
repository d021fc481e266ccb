import type { FastifyBaseLogger } from 'fastify';
import { CommitOutcomeUnknown } from '../db/write';
import type { StagedFile } from '.';

/**
 * Bytes after rows: runs `write` (a database transaction that stores the staged files' keys) and
 * only once it has committed moves the files into place. If the write fails, the staged files are
 * discarded, so no stored file ever exists without its committed row. If the process dies
 * between commit and move, the row's bytes wait under their staging name: reads still find them
 * there and the sweep (ops/sweep.ts) finishes the move. A failed move is logged, not thrown: the
 * write is acknowledged, and the bytes are safe in staging.
 *
 * Every module that stores files goes through here (files, attachments, inline images, group
 * images; chat files and others later), and registers the columns that own keys in
 * ops/key-owners.ts so the sweep and the doctor know them.
 */
export async function writeWithFiles<T>(
  staged: (StagedFile | null | undefined)[],
  write: () => Promise<T>,
  log?: FastifyBaseLogger,
): Promise<T> {
  const files = staged.filter((s): s is StagedFile => Boolean(s));
  let result: T;
  try {
    result = await write();
  } catch (err) {
    // Committed or not, nobody knows: the sweep decides once the row is (or is not) there.
    if (err instanceof CommitOutcomeUnknown) files.forEach((s) => s.abandon());
    else await Promise.all(files.map((s) => s.discard().catch(() => {})));
    throw err;
  }
  await Promise.all(
    files.map((s) => s.commit().catch((err: unknown) => log?.warn({ err, key: s.key }, 'stored file left in staging for the sweep'))),
  );
  return result;
}
