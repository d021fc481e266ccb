import { LIMITS } from '@portal/api-client/core';
import { describe, expect, it } from 'vitest';
import { integrityPlugin } from './integrityPlugin';

const SRI = `sha384-${'A'.repeat(64)}`;
const plugin = integrityPlugin((c) => (c === 'portal_chat' ? SRI : undefined));
const create = (url: string, entry?: string, name = 'portal_chat') =>
  (plugin.createScript as (a: unknown) => { script?: HTMLScriptElement; timeout: number })({
    url,
    remoteInfo: entry ? { name, entry } : undefined,
  });

describe('remote entry integrity', () => {
  it('gives a remote’s entry script its integrity and crossorigin', () => {
    const res = create('/remotes/chat/1.0.0-a/remoteEntry.js', '/remotes/chat/1.0.0-a/remoteEntry.js');
    expect(res.timeout).toBe(LIMITS.chunkLoadTimeoutMs);
    expect(res.script?.integrity).toBe(SRI);
    expect(res.script?.crossOrigin).toBe('anonymous');
    expect(res.script?.getAttribute('src')).toBe('/remotes/chat/1.0.0-a/remoteEntry.js');
  });

  it('checks whatever file the remote’s manifest names as its entry', () => {
    expect(create('https://cdn.example.com/chat/evil.js', 'https://cdn.example.com/chat/evil.js').script?.integrity).toBe(SRI);
  });

  it('leaves other scripts, and remotes without a value, to the runtime (timeout only)', () => {
    expect(create('/remotes/chat/1.0.0-a/static/js/async/1.js', '/remotes/chat/1.0.0-a/remoteEntry.js')).toEqual({
      timeout: LIMITS.chunkLoadTimeoutMs,
    });
    expect(create('/x.js')).toEqual({ timeout: LIMITS.chunkLoadTimeoutMs });
    expect(create('/remotes/groups/1/remoteEntry.js', '/remotes/groups/1/remoteEntry.js', 'portal_groups')).toEqual({
      timeout: LIMITS.chunkLoadTimeoutMs,
    });
  });
});
