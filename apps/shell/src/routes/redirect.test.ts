import { describe, expect, it } from 'vitest';
import { loginRedirectTarget, safeRedirect, waitingUrl } from './redirect';

describe('redirect sanitisation', () => {
  it.each([
    ['/chat/detail/3?from=list', '/chat/detail/3?from=list'],
    ['/group/5/topic/9#c12', '/group/5/topic/9#c12'],
    ['/', '/'],
  ])('keeps the same-origin path %s', (input, out) => {
    expect(safeRedirect(input)).toBe(out);
  });

  it.each([
    '//evil.com',
    '//evil.com/path',
    '/\\evil.com',
    'https://evil.com/',
    'http://localhost/x',
    'javascript:alert(1)',
    'evil.com',
    '/\t/evil.com',
    '',
    null,
  ])('rejects %s and falls back to home', (input) => {
    expect(safeRedirect(input)).toBe('/');
  });

  it('never sends a freshly logged-in user back to a login or waiting page', () => {
    expect(loginRedirectTarget('/login?redirect=/chat')).toBe('/');
    expect(loginRedirectTarget('/waiting')).toBe('/');
    expect(loginRedirectTarget('/calendar/week')).toBe('/calendar/week');
  });

  it('builds /waiting with the full target path, query and hash', () => {
    expect(waitingUrl({ pathname: '/chat/detail/3', search: '?from=list&x=1', hash: '#m' })).toBe(
      '/waiting?redirect=%2Fchat%2Fdetail%2F3%3Ffrom%3Dlist%26x%3D1%23m',
    );
  });
});
