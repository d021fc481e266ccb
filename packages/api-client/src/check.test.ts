import { describe, expect, it } from 'vitest';
import { ShapeError } from './check';
import { realtimeServerMessageSchema } from './realtime';
import { realtimeClientMessageSchema } from './realtime-server';
import { remotesManifest } from './schemas/remotes';

const entry = { version: '0.1.0-abc', entry: '/remotes/chat/0.1.0-abc/mf-manifest.json', enabled: true };
const manifest = { remotes: { chat: entry }, updated_at: '2026-01-01T00:00:00.000Z' };

describe('remotesManifest', () => {
  it('accepts a manifest and drops unknown keys', () => {
    const extra = { ...manifest, note: 'x', remotes: { chat: { ...entry, sha: 'y' }, groups: { ...entry, enabled: false } } };
    expect(remotesManifest.parse(extra)).toEqual({
      remotes: { chat: entry, groups: { ...entry, enabled: false } },
      updated_at: manifest.updated_at,
    });
    expect(remotesManifest.parse({ remotes: {}, updated_at: '' })).toEqual({ remotes: {}, updated_at: '' });
  });

  it.each([
    ['not an object', [], ''],
    ['no remotes', { updated_at: 'x' }, 'remotes'],
    ['unknown remote', { ...manifest, remotes: { chats: entry } }, 'remotes.chats'],
    ['empty version', { ...manifest, remotes: { chat: { ...entry, version: '' } } }, 'remotes.chat.version'],
    ['version over 100', { ...manifest, remotes: { chat: { ...entry, version: 'v'.repeat(101) } } }, 'remotes.chat.version'],
    ['entry over 2000', { ...manifest, remotes: { chat: { ...entry, entry: 'e'.repeat(2001) } } }, 'remotes.chat.entry'],
    ['enabled as a string', { ...manifest, remotes: { chat: { ...entry, enabled: 'true' } } }, 'remotes.chat.enabled'],
    ['entry is null', { ...manifest, remotes: { chat: null } }, 'remotes.chat'],
    ['no updated_at', { remotes: {} }, 'updated_at'],
  ])('refuses %s, naming %s', (_, value, path) => {
    const r = remotesManifest.safeParse(value);
    expect(r.success).toBe(false);
    if (!r.success) expect(r.error).toMatchObject({ path, issues: [{ path: path ? path.split('.') : [] }] });
    expect(() => remotesManifest.parse(value)).toThrow(ShapeError);
  });

  it('keeps the bounds inclusive', () => {
    const edge = { ...manifest, remotes: { chat: { ...entry, version: 'v'.repeat(100), entry: 'e'.repeat(2000) } } };
    expect(remotesManifest.safeParse(edge).success).toBe(true);
  });
});

describe('realtime messages', () => {
  it('server: ready, and events with or without payload', () => {
    expect(realtimeServerMessageSchema.parse({ type: 'ready', x: 1 })).toEqual({ type: 'ready' });
    expect(realtimeServerMessageSchema.parse({ type: 'event', event: { kind: 'a.b', payload: { n: 1 }, at: 5 } })).toEqual({
      type: 'event',
      event: { kind: 'a.b', payload: { n: 1 }, at: 5 },
    });
    expect(realtimeServerMessageSchema.parse({ type: 'event', event: { kind: 'a', at: 5 } })).toEqual({
      type: 'event',
      event: { kind: 'a', at: 5 },
    });
  });

  it.each([
    [{ type: 'news' }],
    [{ type: 'event' }],
    [{ type: 'event', event: { kind: '', at: 1 } }],
    [{ type: 'event', event: { kind: 'a', at: '1' } }],
    [{ type: 'event', event: { kind: 'a', at: Infinity } }],
    [null],
    ['ready'],
  ])('server: refuses %j', (value) => {
    expect(realtimeServerMessageSchema.safeParse(value).success).toBe(false);
  });

  it('client: auth with a token of 1–4096 characters', () => {
    expect(realtimeClientMessageSchema.parse({ type: 'auth', token: 't', x: 1 })).toEqual({ type: 'auth', token: 't' });
    expect(realtimeClientMessageSchema.safeParse({ type: 'auth', token: 't'.repeat(4096) }).success).toBe(true);
    for (const bad of [
      { type: 'auth', token: '' },
      { type: 'auth', token: 't'.repeat(4097) },
      { type: 'auth' },
      { type: 'hello', token: 't' },
    ]) {
      expect(realtimeClientMessageSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('a bug in a reader is not mistaken for a bad shape', async () => {
    const { validator } = await import('./check');
    const broken = validator(() => {
      throw new TypeError('boom');
    });
    expect(() => broken.safeParse({})).toThrow(TypeError);
  });
});
