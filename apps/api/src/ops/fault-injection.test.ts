import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../test/harness';
import { runFaultInjection } from './fault-injection.test-util';

/**
 * The crash-safety operator test, kept in the suite: SIGKILL under concurrent writes and restart,
 * three times per database. Bounded to a few seconds of writing per cycle; most of the time is
 * server start-up.
 */
describe.each(DIALECTS)('fault injection: SIGKILL under concurrent writes (%s)', (dialect) => {
  it('3 kill-and-restart cycles lose no acknowledged write, answer no 5xx and leave the doctor clean', async () => {
    const { figures, errors5xx, remaining, problems } = await runFaultInjection(dialect, 3);
    console.log(`fault injection ${JSON.stringify(figures)}`);
    expect(errors5xx).toEqual([]);
    expect(figures.acknowledged).toBeGreaterThan(3);
    expect(figures.found).toBe(figures.acknowledged);
    expect(remaining).toMatchObject({
      orphan_files: [],
      orphan_thumbnails: [],
      unfinished_moves: [],
      rows_without_bytes: [],
      storage_counters: [],
    });
    expect(problems).toBe(0);
  }, 150_000);
});
