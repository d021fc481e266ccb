import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@portal/api-client/browser';
import { closeModal } from '@portal/ui';
import { group, pageOf, renderWidget } from '../GroupList/testing';
import { GroupPickMenu, MOBILE_QUERY } from '../GroupPickMenu';
import { CAMERA_ERRORS } from './cameraErrors';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn() } }));

/** The library stand-in: records that it was loaded and lets a test decode or fail. */
const lib = vi.hoisted(() => ({
  loaded: 0,
  start: null as null | ((...a: unknown[]) => Promise<unknown>),
  stop: null as null | (() => Promise<void>),
  decoded: null as null | ((text: string) => void),
}));
vi.mock('html5-qrcode', () => {
  lib.loaded += 1;
  class Html5Qrcode {
    constructor(readonly elementId: string) {}
    start(...args: unknown[]) {
      lib.decoded = args[2] as (text: string) => void;
      return lib.start!(...args);
    }
    stop() {
      return lib.stop!();
    }
    clear() {}
  }
  return { Html5Qrcode, Html5QrcodeSupportedFormats: { QR_CODE: 0 } };
});

const CAMERA_MESSAGES: Record<(typeof CAMERA_ERRORS)[number], string> = {
  NotAllowedError: 'カメラへのアクセスが許可されていません。ブラウザの設定でカメラの使用を許可してください。',
  NotFoundError: 'カメラが見つかりません。カメラが接続されているかご確認ください。',
  NotSupportedError: 'この画面はカメラに対応していません。HTTPSでアクセスしてください。',
  NotReadableError: 'カメラを起動できません。他のアプリがカメラを使用していないかご確認ください。',
  OverconstrainedError: 'ご利用の端末のカメラはこの機能に対応していません。',
  StreamApiNotSupportedError: 'ご利用のブラウザはカメラ機能に対応していません。',
};

beforeEach(() => {
  closeModal();
  vi.mocked(api.call).mockResolvedValue(pageOf([group(1, '全社連絡')]) as never);
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === MOBILE_QUERY,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia: vi.fn() }, configurable: true });
  lib.start = vi.fn(async () => null);
  lib.stop = vi.fn(async () => {});
  lib.decoded = null;
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

async function openScanner() {
  renderWidget(<GroupPickMenu />, { path: '/calendar' });
  fireEvent.click(await screen.findByRole('button', { name: 'QRコードを読み取る' }));
  return screen.findByRole('dialog', { name: 'QRコード読み取り' });
}

describe('QR scanner in the group menu', () => {
  it('loads html5-qrcode only when the scanner opens, then follows a decoded portal link in the app', async () => {
    const before = lib.loaded;
    renderWidget(<GroupPickMenu />, { path: '/calendar' });
    await screen.findByText('全社連絡');
    expect(lib.loaded).toBe(before);
    expect(before).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'QRコードを読み取る' }));
    await waitFor(() => expect(lib.start).toHaveBeenCalledTimes(1));
    expect(lib.loaded).toBe(1);
    expect(vi.mocked(lib.start!).mock.calls[0]![0]).toEqual({ facingMode: 'environment' });

    lib.decoded!(`${window.location.origin}/group/abc123/preview?x=1`);
    const link = await screen.findByRole('link', { name: `${window.location.origin}/group/abc123/preview?x=1` });
    // The camera is released as soon as a code is read.
    await waitFor(() => expect(lib.stop).toHaveBeenCalledTimes(1));
    fireEvent.click(link);
    expect(screen.getByTestId('where').textContent).toBe('/group/abc123/preview');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows other sites and plain text without following them', async () => {
    await openScanner();
    await waitFor(() => expect(lib.decoded).not.toBeNull());
    lib.decoded!('https://evil.example/group/1');
    expect(await screen.findByText('https://evil.example/group/1')).toBeTruthy();
    expect(screen.getByText('ポータル外のアドレスのため、ここからは開きません。')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /evil/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'もう一度読み取る' }));
    await waitFor(() => expect(lib.start).toHaveBeenCalledTimes(2));
    lib.decoded!('javascript:alert(1)');
    expect(await screen.findByText('読み取った内容はリンクではありません。')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /javascript/ })).toBeNull();
  });

  it.each(CAMERA_ERRORS)('%s closes the scanner and opens its own info modal', async (name) => {
    lib.start = vi.fn(async () => {
      throw `Error getting userMedia, error = ${name}: denied`;
    });
    await openScanner();
    const info = await screen.findByRole('dialog', { name: 'お知らせ' });
    expect(info.textContent).toContain(CAMERA_MESSAGES[name]);
    expect(screen.queryByRole('dialog', { name: 'QRコード読み取り' })).toBeNull();
  });

  it('reports a browser without getUserMedia before loading the library', async () => {
    Reflect.deleteProperty(navigator, 'mediaDevices');
    renderWidget(<GroupPickMenu />);
    fireEvent.click(await screen.findByRole('button', { name: 'QRコードを読み取る' }));
    const info = await screen.findByRole('dialog', { name: 'お知らせ' });
    expect(info.textContent).toContain(CAMERA_MESSAGES.StreamApiNotSupportedError);
    expect(lib.start).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog', { name: 'QRコード読み取り' })).toBeNull();
  });

  it('stops the camera when the scanner is closed', async () => {
    await openScanner();
    await waitFor(() => expect(lib.start).toHaveBeenCalled());
    await screen.findByText('QRコードを枠の中に映してください。');
    fireEvent.click(screen.getByRole('button', { name: '閉じる' }));
    await waitFor(() => expect(lib.stop).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
