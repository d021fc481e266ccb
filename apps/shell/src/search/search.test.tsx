import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { $session, EMPTY_SESSION, setSession } from '@portal/api-client/session';
import { routes } from '../routes/routes';
import { fakeRemotes, renderRoutes } from '../test/render';

afterEach(() => {
  $session.set(EMPTY_SESSION);
  vi.unstubAllGlobals();
});

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const HIT = {
  kind: 'comment',
  id: 31,
  title: '週報',
  title_highlights: [],
  snippet: '来月から東京支社で',
  highlights: [[4, 6]],
  at: Date.UTC(2026, 10, 1),
  author_name: '佐藤 太郎',
  location: { type: 'group', name: '営業部', folder_name: null },
  link: '/group/5/topic/9?from=search&commentSearchId=31',
};

function stubApi() {
  const saved: unknown[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith('/members/me/saved-searches') && init?.method === 'POST') {
      const query = new URLSearchParams((JSON.parse(String(init.body)) as { query: string }).query);
      const item = {
        id: 1,
        name: query.get('keyword_search'),
        query: [...query]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
          .join('&'),
        new_count: 0,
        last_seen_at: 0,
        created_at: 0,
      };
      saved.push(item);
      return json({ items: item });
    }
    if (url.endsWith('/members/me/saved-searches')) return json({ items: saved });
    if (url.includes('/members/me/groups'))
      return json({
        items: {
          data: [{ id: 5, name: '営業部', icon_image_small_path: null, unread_count: 0, can_notify: true, folder: null, display_order: 0 }],
          current_page: 1,
          last_page: 1,
          total: 1,
        },
      });
    if (url.includes('/members/me/search')) return json({ items: { data: [HIT], current_page: 1, last_page: 1, total: 1 } });
    // Anything else (settings, …) fails like an unreachable server, as in the other shell tests.
    throw new TypeError('fetch failed');
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function setup(path: string, lang?: string) {
  const widget = () => <p>widget</p>;
  fakeRemotes({
    'notifications/NewsList': widget,
    'calendar/WeekTable': widget,
    'groups/GroupList': widget,
    'common-topic/CommonTopicLink': widget,
  });
  setSession({ accessToken: 't', user: { id: 1, name: 'A' }, lastActivity: Date.now() });
  return renderRoutes(routes, path, { lang });
}

describe('search modal and result page', () => {
  it('shows the section-5 messages before sending, then opens the result page with the whole query', async () => {
    const fetch = stubApi();
    const r = setup('/');
    fireEvent.click(await screen.findByRole('button', { name: '検索を開く' }));
    // The form is a lazy chunk: allow for a loaded machine.
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    fireEvent.click(within(dialog).getByRole('button', { name: '検索する' }));
    expect(await within(dialog).findByText('検索対象を選択してください')).toBeTruthy();
    expect(within(dialog).getByText('キーワードを入力してください')).toBeTruthy();
    expect(fetch.mock.calls.some(([u]) => String(u).includes('/search'))).toBe(false);

    fireEvent.click(within(dialog).getByLabelText('チャット'));
    expect((within(dialog).getByLabelText('タイトル') as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByLabelText('コメント') as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByLabelText('グループ') as HTMLSelectElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByLabelText('トピック'));
    fireEvent.change(within(dialog).getByLabelText('期間'), { target: { value: '5' } });
    fireEvent.change(within(dialog).getByLabelText('開始日'), { target: { value: '2026-11-01' } });
    fireEvent.change(within(dialog).getByLabelText('終了日'), { target: { value: '2026-11-20' } });
    const keyword = within(dialog).getByLabelText(/キーワード/);
    fireEvent.change(keyword, { target: { value: ' 東京 ' } });
    // Enter that confirms an IME conversion does not submit.
    fireEvent.keyDown(keyword, { key: 'Enter', keyCode: 229 });
    expect(screen.queryByRole('dialog')).toBeTruthy();
    fireEvent.keyDown(keyword, { key: 'Enter' });
    await waitFor(() => expect(r.location().pathname).toBe('/search-result'));
    expect(r.location().search).toBe(
      '?target_search=1&keyword_search=%E6%9D%B1%E4%BA%AC&time_range=5&time_start=2026%2F11%2F01&time_end=2026%2F11%2F20',
    );
  });

  it('runs the query in the URL and shows where each hit is, highlighted, linking to it', async () => {
    const fetch = stubApi();
    setup('/search-result?target_search=1&keyword_search=%E6%9D%B1%E4%BA%AC&time_range=0');
    const link = await screen.findByRole('link', { name: '週報' }, { timeout: 5000 });
    expect(link.getAttribute('href')).toBe(HIT.link);
    expect(screen.getByText('東京').tagName).toBe('MARK');
    expect(document.querySelector('.shell-search-hit__meta')?.textContent).toContain('営業部');
    expect(screen.getByText('1件')).toBeTruthy();
    const call = fetch.mock.calls.find(([u]) => String(u).includes('/members/me/search'))!;
    expect(String(call[0])).toContain('keyword_search=%E6%9D%B1%E4%BA%AC');

    // Saving the query: the button then says it is saved and the list shows it.
    fireEvent.click(screen.getByRole('button', { name: 'この検索条件を保存' }));
    expect(await screen.findByRole('button', { name: '保存済み' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '東京' }).getAttribute('href')).toBe(
      '/search-result?keyword_search=%E6%9D%B1%E4%BA%AC&target_search=1&time_range=0',
    );
  });

  it('speaks English', async () => {
    stubApi();
    setup('/search-result?target_search=4&keyword_search=abc&time_range=0', 'en');
    expect(await screen.findByText('1 found', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Search results' })).toBeTruthy();
  });
});
