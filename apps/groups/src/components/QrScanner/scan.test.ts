import { describe, expect, it } from 'vitest';
import { cameraErrorName, preflightCameraError } from './cameraErrors';
import { classifyScan } from './scanResult';

describe('cameraErrorName', () => {
  it.each([
    [new DOMException('denied', 'NotAllowedError'), 'NotAllowedError'],
    [{ name: 'OverconstrainedError' }, 'OverconstrainedError'],
    ['Error getting userMedia, error = NotReadableError: Could not start video source', 'NotReadableError'],
    ['Error getting userMedia, error = PermissionDeniedError', 'NotAllowedError'],
    ['Camera streaming not supported by the browser.', 'StreamApiNotSupportedError'],
    ['StreamApiNotSupportedError', 'StreamApiNotSupportedError'],
    [new Error('something else'), null],
    [undefined, null],
  ])('%s → %s', (err, name) => {
    expect(cameraErrorName(err)).toBe(name);
  });

  it('fails early without a secure context or getUserMedia', () => {
    expect(preflightCameraError({ isSecureContext: false, navigator: {} } as unknown as Window)).toBe('NotSupportedError');
    expect(preflightCameraError({ isSecureContext: true, navigator: {} } as unknown as Window)).toBe('StreamApiNotSupportedError');
    const ok = { isSecureContext: true, navigator: { mediaDevices: { getUserMedia: () => {} } } } as unknown as Window;
    expect(preflightCameraError(ok)).toBeNull();
  });
});

describe('classifyScan', () => {
  const origin = 'https://portal.example.co.jp';
  it.each([
    [`${origin}/group/xyz/preview`, { kind: 'internal', text: `${origin}/group/xyz/preview`, path: '/group/xyz/preview' }],
    [` ${origin}/chat/list?a=1#b `, { kind: 'internal', text: `${origin}/chat/list?a=1#b`, path: '/chat/list?a=1#b' }],
    ['https://portal.example.co.jp.evil.example/group/1', { kind: 'external', text: 'https://portal.example.co.jp.evil.example/group/1' }],
    ['http://portal.example.co.jp/group/1', { kind: 'external', text: 'http://portal.example.co.jp/group/1' }],
    ['javascript:alert(1)', { kind: 'text', text: 'javascript:alert(1)' }],
    ['会議室A', { kind: 'text', text: '会議室A' }],
  ])('%s', (text, expected) => {
    expect(classifyScan(text, origin)).toEqual(expected);
  });
});
