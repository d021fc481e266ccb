// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import * as real from '@module-federation/error-codes';

// The lite module imports the real package's files under these aliases (federationAlias).
vi.mock('@portal/federation-impl/mf-error-codes/error-codes', async () => {
  const { RUNTIME_009, ...rest } = await import('@module-federation/error-codes');
  return Object.fromEntries(Object.entries({ RUNTIME_009, ...rest }).filter(([k]) => /^[A-Z]+_\d+$/.test(k)));
});
vi.mock('@portal/federation-impl/mf-error-codes/getShortErrorMsg', async () => ({
  getShortErrorMsg: (await import('@module-federation/error-codes')).getShortErrorMsg,
}));

/** What production remotes bundle instead of @module-federation/error-codes (runtime/). */
describe('error-codes-lite', () => {
  it('exports every name of the package it stands in for, codes unchanged', async () => {
    const lite: Record<string, unknown> = await import('../runtime/error-codes-lite.mjs');
    expect(Object.keys(lite).sort()).toEqual(Object.keys(real).sort());
    for (const [name, value] of Object.entries(real)) if (typeof value === 'string') expect(lite[name], name).toBe(value);
  });

  it('keeps the code and the docs link in a message, with a generic sentence for the table', async () => {
    const lite = await import('../runtime/error-codes-lite.mjs');
    const msg = lite.getShortErrorMsg(real.RUNTIME_009, lite.runtimeDescMap, { name: 'x' });
    expect(msg).toContain('Module Federation runtime error');
    expect(msg).toContain('#RUNTIME-009');
    expect(msg).toContain('module-federation.io/guide/troubleshooting/runtime#runtime-009');
    expect(msg).not.toContain('undefined');
  });
});
