import { describe, expect, it } from 'vitest';
import { stylePriorityPlugin } from './stylePriorityPlugin';

const create = stylePriorityPlugin().createLink as (a: { url: string; attrs?: Record<string, string> }) => HTMLLinkElement | undefined;

describe('remote stylesheet priority', () => {
  it('asks for a remote’s stylesheet at low priority, with the runtime’s attributes', () => {
    const link = create({ url: '/remotes/chat/1/static/css/async/a.css', attrs: { rel: 'stylesheet', type: 'text/css' } });
    expect(link?.getAttribute('href')).toBe('/remotes/chat/1/static/css/async/a.css');
    expect(link?.rel).toBe('stylesheet');
    expect(link?.type).toBe('text/css');
    expect(link?.getAttribute('fetchpriority')).toBe('low');
  });

  it('leaves other links to the runtime', () => {
    expect(create({ url: '/x.js', attrs: { rel: 'preload', as: 'script' } })).toBeUndefined();
    expect(create({ url: '/x.css' })).toBeUndefined();
  });
});
