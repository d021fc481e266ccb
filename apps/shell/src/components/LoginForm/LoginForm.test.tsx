import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { $session, EMPTY_SESSION } from '@portal/api-client/session';
import { routes } from '../../routes/routes';
import { fakeRemotes, renderRoutes } from '../../test/render';
import { watchPrerenderedFields } from '../../pages/prerendered';
import { staticMarkup } from '../../pages/prerendered-markup';

afterEach(() => $session.set(EMPTY_SESSION));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Records the login's calls; the login page's "is LINE configured" question is answered aside. */
function stubApi(handler: (url: string, init: RequestInit) => Response) {
  const fetch = vi.fn(async (url: string, init: RequestInit) => handler(url, init));
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) =>
    String(url).endsWith('/auth/line-login/config') ? json(200, { items: { enabled: false } }) : fetch(url, init),
  );
  return fetch;
}

async function openLogin(path = '/login') {
  fakeRemotes({});
  const r = renderRoutes(routes, path);
  // The login page is a lazy chunk: on a busy machine it takes more than the default second.
  const id = await screen.findByLabelText(path.startsWith('/email') ? 'メールアドレス' : '社員番号', {}, { timeout: 5000 });
  const pw = screen.getByLabelText('パスワード');
  return { ...r, id, pw };
}

describe('login form', () => {
  it('Enter during IME composition does not submit; a plain Enter does', async () => {
    const fetch = stubApi(() => json(401, { status_code: 'EMPLOYEE_PASSWORD_MISMATCH', message: 'x' }));
    const { id, pw } = await openLogin();
    fireEvent.change(id, { target: { value: 'E001' } });
    fireEvent.change(pw, { target: { value: 'secret-pw' } });

    fireEvent.keyDown(pw, { key: 'Enter', isComposing: true });
    fireEvent.keyDown(pw, { key: 'Enter', keyCode: 229 });
    await new Promise((r) => setTimeout(r, 50));
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.keyDown(pw, { key: 'Enter' });
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/service/api/v1/auth/login');
    expect(JSON.parse(String(init.body))).toEqual({ employee_number: 'E001', password: 'secret-pw' });
  });

  it('shows an API error code as its Japanese message', async () => {
    stubApi(() => json(401, { status_code: 'EMPLOYEE_PASSWORD_MISMATCH', message: 'mismatch' }));
    const { id, pw } = await openLogin();
    fireEvent.change(id, { target: { value: 'E001' } });
    fireEvent.change(pw, { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'ログイン' }));
    expect((await screen.findByRole('alert')).textContent).toBe('社員番号またはパスワードが正しくありません。');
  });

  it('a failure without a reason of its own reads "login failed"', async () => {
    stubApi(() => json(500, { status_code: 'INTERNAL_ERROR', message: 'boom' }));
    const { id, pw } = await openLogin();
    fireEvent.change(id, { target: { value: 'E001' } });
    fireEvent.change(pw, { target: { value: 'secret-pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'ログイン' }));
    expect((await screen.findByRole('alert')).textContent).toBe('ログインに失敗しました。');
  });

  it('a right password whose account cannot be read shows "account information cannot be confirmed"', async () => {
    stubApi((url) =>
      url.endsWith('/auth/login')
        ? json(200, { items: { access_token: 'tok' } })
        : url.includes('check-group-user-login')
          ? json(200, { items: {} })
          : json(404, { status_code: 'NOT_FOUND', message: 'gone' }),
    );
    const { id, pw } = await openLogin();
    fireEvent.change(id, { target: { value: 'E001' } });
    fireEvent.change(pw, { target: { value: 'secret-pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'ログイン' }));
    expect((await screen.findByRole('alert')).textContent).toBe('アカウント情報を確認できません。');
    expect($session.get().accessToken).toBeFalsy();
  });

  it('names the e-mail address, not the employee number, on /email/login', async () => {
    stubApi(() => json(401, { status_code: 'EMAIL_PASSWORD_MISMATCH', message: 'mismatch' }));
    const { id, pw } = await openLogin('/email/login');
    fireEvent.change(id, { target: { value: 'a@example.com' } });
    fireEvent.change(pw, { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'ログイン' }));
    expect((await screen.findByRole('alert')).textContent).toBe('メールアドレスまたはパスワードが正しくありません。');
  });

  it('ACCOUNT_LOCKED shows the message with the reset link from data.reset_link', async () => {
    stubApi(() => json(403, { status_code: 'ACCOUNT_LOCKED', message: 'locked', data: { reset_link: '/forgot-password?locked=1' } }));
    const { id, pw } = await openLogin('/email/login');
    fireEvent.change(id, { target: { value: 'a@example.com' } });
    fireEvent.change(pw, { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'ログイン' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('アカウントがロックされました');
    const link = screen.getByRole('link', { name: 'こちら' });
    expect(link.getAttribute('href')).toBe('/forgot-password?locked=1');
  });

  it('shows the validation message in Japanese and sends nothing for an empty form', async () => {
    const fetch = stubApi(() => json(500, {}));
    await openLogin();
    fireEvent.click(screen.getByRole('button', { name: 'ログイン' }));
    expect(await screen.findByText('社員番号を入力してください')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('focuses the first wrong field, checks again as the user types, and sends one login for two Enters', async () => {
    const fetch = stubApi(() => json(401, { status_code: 'EMPLOYEE_PASSWORD_MISMATCH', message: 'x' }));
    const { id, pw } = await openLogin();
    fireEvent.change(pw, { target: { value: 'secret-pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'ログイン' }));
    expect(await screen.findByText('社員番号を入力してください')).toBeTruthy();
    expect(document.activeElement).toBe(id);
    expect(id.getAttribute('aria-invalid')).toBe('true');
    // Once refused, each change is checked again: the message goes as the field is filled in.
    fireEvent.change(id, { target: { value: ' E001 ' } });
    await waitFor(() => expect(screen.queryByText('社員番号を入力してください')).toBeNull());
    fireEvent.keyDown(pw, { key: 'Enter' });
    fireEvent.keyDown(pw, { key: 'Enter' });
    await screen.findByRole('alert');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(fetch.mock.calls[0]![1].body))).toEqual({ employee_number: 'E001', password: 'secret-pw' });
  });

  it('MUST_RESET_PASSWORD goes to the reset page with the reset token', async () => {
    stubApi(() => json(403, { status_code: 'MUST_RESET_PASSWORD', message: 'm', data: { reset_token: 'tok-1234567890abcdef' } }));
    const { id, pw, location } = await openLogin();
    fireEvent.change(id, { target: { value: 'E001' } });
    fireEvent.change(pw, { target: { value: 'pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'ログイン' }));
    // The reset page is a lazy chunk with zod (the login page no longer loads it): a busy
    // machine takes more than the default second.
    await waitFor(() => expect(location().pathname).toBe('/reset-password'), { timeout: 5000 });
    expect(location().search).toBe('?token=tok-1234567890abcdef');
  });

  it('a full login stores the session and lands on the original target', async () => {
    const settings = (await import('@portal/api-client')).DEFAULT_USER_SETTINGS;
    const me = {
      info: {
        id: 7,
        name: '山田太郎',
        name_kana: '',
        email: '',
        employee_number: 'E001',
        is_company_admin: false,
        must_reset_password: false,
        last_login_at: null,
      },
      profile: {
        email_option: 0,
        avatar: null,
        avatar_small: null,
        avatar_file_name: null,
        last_name: '',
        first_name: '',
        last_name_kana: '',
        first_name_kana: '',
        self_introduction: '',
      },
      company_info: {
        company_info_display_option: 0,
        company_name: '',
        department: '',
        job_title: '',
        zipcode: '',
        prefecture: '',
        city: '',
        other_address: '',
        building_name: '',
        phone: '',
        url: '',
      },
      group_role: [],
      common_topic_role: false,
      current_group_max_file_size: 25,
    };
    const calls: string[] = [];
    stubApi((url) => {
      calls.push(url);
      if (url.endsWith('/auth/login')) return json(200, { items: { access_token: 'AT', token_type: 'Bearer', expires_in: 900 } });
      if (url.endsWith('/auth/check-group-user-login')) return json(200, { items: { group_count: 2 } });
      if (url.endsWith('/members/me')) return json(200, { items: me });
      if (url.endsWith('/members/me/settings')) return json(200, { items: settings });
      return json(404, { status_code: 'NOT_FOUND', message: '' });
    });
    fakeRemotes({ 'chat/routes': () => <p>chat area</p> });
    const { location } = renderRoutes(routes, `/login?redirect=${encodeURIComponent('/chat/list')}`);
    fireEvent.change(await screen.findByLabelText('社員番号'), { target: { value: 'E001' } });
    fireEvent.change(screen.getByLabelText('パスワード'), { target: { value: 'Passw0rd!' } });
    fireEvent.click(screen.getByRole('button', { name: 'ログイン' }));
    await waitFor(() => expect(location().pathname).toBe('/chat/list'));
    expect($session.get()).toMatchObject({ accessToken: 'AT', user: { id: 7, name: '山田太郎' }, emailLogin: false });
    expect(calls.slice(0, 4)).toEqual([
      '/service/api/v1/auth/login',
      '/service/api/v1/auth/check-group-user-login',
      '/service/api/v1/members/me',
      '/service/api/v1/members/me/settings',
    ]);
  });

  it('an account waiting for approval lands on the waiting page and nowhere else', async () => {
    const calls: string[] = [];
    stubApi((url) => {
      calls.push(url);
      if (url.endsWith('/auth/login')) return json(200, { items: { access_token: 'AT', token_type: 'Bearer', expires_in: 900 } });
      return json(403, { status_code: 'PENDING_APPROVAL', message: 'pending' });
    });
    const { id, pw, location } = await openLogin();
    fireEvent.change(id, { target: { value: 'P001' } });
    fireEvent.change(pw, { target: { value: 'Passw0rd!' } });
    fireEvent.click(screen.getByRole('button', { name: 'ログイン' }));
    await waitFor(() => expect(location().pathname).toBe('/approval-waiting'));
    expect(await screen.findByText(/管理者による登録の承認待ちです/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ログアウト' })).toBeTruthy();
    expect(calls).toEqual(['/service/api/v1/auth/login', '/service/api/v1/auth/check-group-user-login']);
  });
});

describe('the prerendered login form (static HTML before React)', () => {
  it('is inert until React takes over, then keeps what was typed, the focus and the caret', async () => {
    stubApi(() => json(500, {}));
    const prerendered = document.createElement('div');
    prerendered.innerHTML = staticMarkup(
      '<form><input id="login-id" type="text"/><input id="login-password" type="password"/>' +
        '<button class="shell-button" type="submit">ログイン</button><button disabled="" type="button">x</button></form>',
    );
    document.body.append(prerendered);
    const buttons = prerendered.querySelectorAll('button');
    expect([...buttons].map((b) => b.disabled)).toEqual([true, true]);
    expect(prerendered.innerHTML).not.toContain('disabled="" disabled');
    // Typing starts before the app's code has arrived, so before anything watches the fields.
    const staticId = prerendered.querySelector<HTMLInputElement>('#login-id')!;
    prerendered.querySelector<HTMLInputElement>('#login-password')!.value = 'pw-typed';
    staticId.value = 'E0002';
    staticId.focus();
    staticId.setSelectionRange(2, 2);
    watchPrerenderedFields(prerendered);
    // React's first commit removes the static markup before its own form mounts.
    prerendered.remove();

    const { id, pw } = await openLogin();
    expect((id as HTMLInputElement).value).toBe('E0002');
    expect((pw as HTMLInputElement).value).toBe('pw-typed');
    expect(document.activeElement).toBe(id);
    expect((id as HTMLInputElement).selectionStart).toBe(2);
  });

  it('the language switch leaves its choice in a cookie, which the server reads to pick the page', async () => {
    await openLogin();
    fireEvent.click(screen.getByRole('button', { name: 'EN' }));
    expect(document.cookie).toContain('portal_lang=en');
    fireEvent.click(screen.getByRole('button', { name: '日本語' }));
    expect(document.cookie).toContain('portal_lang=ja');
  });
});
