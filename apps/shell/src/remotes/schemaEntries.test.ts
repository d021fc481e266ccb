import { describe, expect, it } from 'vitest';
import { SCHEMA_ENTRIES } from '@portal/federation';
import { schemaEntries } from './schemaEntries';

describe('schema entries the shell provides', () => {
  it('names every shared schema entry, so the shell build provides each one to the remotes', () => {
    expect(Object.keys(schemaEntries).sort()).toEqual([...SCHEMA_ENTRIES].sort());
  });

  it('each loads its domain without the endpoint table', async () => {
    const calendar = await schemaEntries['@portal/api-client/schemas/calendar']();
    expect(Object.keys(calendar)).toContain('calendarEventBody');
    expect(Object.keys(calendar)).not.toContain('endpoints');
    // Transforming zod and the schemas takes a while on a busy machine.
  }, 30_000);
});
