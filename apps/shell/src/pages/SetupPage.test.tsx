import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { $session, EMPTY_SESSION } from '@portal/api-client/session';
import { routes } from '../routes/routes';
import { fakeRemotes, renderRoutes } from '../test/render';

afterEach(() => {
  $session.set(EMPTY_SESSION);
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const TOKEN = 'a'.repeat(43);

describe('first setup page', () => {
  it('a dead link says so and offers no form', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { items: { valid: false, expired: true } })),
    );
    fakeRemotes({});
    renderRoutes(routes, `/setup?token=${TOKEN}`);
    // The first render of the file loads the lazy page and its four namespaces: beyond the default
    // 1 s wait on a loaded machine (it failed there before the errors namespace joined them too).
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toMatch(/初期設定リンクは使えません/);
    expect(screen.queryByRole('button', { name: '登録する' })).toBeNull();
  });

  it('a live link registers the company administrator with every field', async () => {
    const fetch = vi.fn(async (url: string) =>
      url.endsWith('/auth/setup/check')
        ? json(200, { items: { valid: true, expired: false } })
        : json(200, { items: { user_id: 1, company_id: 1 } }),
    );
    vi.stubGlobal('fetch', fetch);
    fakeRemotes({});
    renderRoutes(routes, `/setup?token=${TOKEN}`);
    const values: Record<string, string> = {
      会社名: '株式会社はじまり',
      姓: '山本',
      名: '一郎',
      '姓（ひらがな）': 'やまもと',
      '名（ひらがな）': 'いちろう',
      社員番号: 'A0001',
      メールアドレス: 'a@hajimari.example',
      パスワード: 'Strong#Pass2026',
      '新しいパスワード（確認）': 'Strong#Pass2026',
    };
    for (const [label, value] of Object.entries(values))
      fireEvent.change(await screen.findByLabelText(label, {}, { timeout: 5000 }), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: '登録する' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/会社管理者を登録しました/);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    const body = JSON.parse(String((fetch.mock.calls[1] as unknown as [string, RequestInit])[1].body));
    expect(body).toMatchObject({ token: TOKEN, company_name: '株式会社はじまり', employee_number: 'A0001', first_name_kana: 'いちろう' });
  });
});
