import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { $createParagraphNode, $createTextNode, $getRoot, type LexicalEditor } from 'lexical';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOPIC_LOCK_REFRESH_MS } from '@portal/api-client';
import { ApiError } from '@portal/api-client/core';
import { clearSession, setSession } from '@portal/api-client/session';
import { closeModal } from '@portal/ui';
import { answer, call, groupHandlers, pageCalls, renderAt } from '../test-utils';
import { FOLDERS, detail } from './fixtures';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn() } }));

beforeEach(() => {
  call().mockReset();
  closeModal();
});
afterEach(() => {
  vi.useRealTimers();
});

const T = { params: { id: 1, topicId: 5 } };
const calls = (name: string) => pageCalls().filter(([n]) => n === name);
const conflict = (code: string, data?: Record<string, unknown>) =>
  new ApiError(409, code, code, { status_code: code, message: code, ...(data ? { data } : {}) });

/** Types into the Lexical editor the way its input handling would: through an editor update. */
async function typeBody(text: string) {
  const root = (await screen.findByRole('textbox', { name: '本文' })) as HTMLElement & { __lexicalEditor?: LexicalEditor };
  const editor = root.__lexicalEditor!;
  await act(async () => {
    editor.update(
      () => {
        $getRoot()
          .clear()
          .append($createParagraphNode().append($createTextNode(text)));
      },
      { discrete: true },
    );
  });
}

describe('group-topic-create', () => {
  it('checks the title, then posts the topic with its options and opens it', async () => {
    answer(
      groupHandlers('admin', {
        topicFolders: FOLDERS,
        newTopic: { items: detail({ id: 9 }) },
        topicDetail: { items: detail({ id: 9 }) },
        topicComments: { items: { data: [], current_page: 1, last_page: 1, total: 0 } },
      }),
    );
    const view = renderAt('/group/1/topic-create');
    // The first test pays for loading the editor chunk (Lexical): give it more than a second.
    fireEvent.click(await screen.findByRole('button', { name: '投稿する' }, { timeout: 5000 }));
    expect(await screen.findByText('タイトルを入力してください')).toBeTruthy();
    expect(calls('newTopic')).toEqual([]);

    fireEvent.change(screen.getByLabelText(/タイトル/), { target: { value: ' 週報 ' } });
    await typeBody('今週の予定');
    fireEvent.click(screen.getByRole('checkbox', { name: '緊急連絡として配信する' }));
    fireEvent.change(screen.getByLabelText(/いいねの文字/), { target: { value: '🎉' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'いいねした人を表示しない' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '匿名コメントを許可する' }));
    fireEvent.change(screen.getByLabelText('フォルダ'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: '投稿する' }));
    await waitFor(() => expect(view.where()).toBe('/group/1/topic/9'));
    const [[, args]] = calls('newTopic') as [[string, { params: unknown; body: Record<string, unknown> }]];
    expect(args.params).toEqual({ id: 1 });
    expect(args.body).toMatchObject({
      topic_title: '週報',
      emergency_contact: true,
      is_multiple_edit: false,
      how_nice: ['1', '2'],
      like_character_change: '🎉',
      comment_options: ['1', '2'],
      delivery_date: null,
      folder_id: 7,
    });
    expect(args.body.content).toContain('今週の予定');
  });

  it('never publishes on Enter in the title: Enter moves to the body, an IME Enter stays put', async () => {
    answer(groupHandlers('admin', { topicFolders: FOLDERS }));
    renderAt('/group/1/topic-create');
    const title = (await screen.findByLabelText(/タイトル/)) as HTMLInputElement;
    fireEvent.change(title, { target: { value: '週報' } });
    title.focus();
    // fireEvent returns false when the handler prevented the default (the implicit submission).
    expect(fireEvent.keyDown(title, { key: 'Enter', keyCode: 229, isComposing: true })).toBe(false);
    expect(document.activeElement).toBe(title);
    expect(fireEvent.keyDown(title, { key: 'Enter' })).toBe(false);
    expect(document.activeElement).toBe(await screen.findByRole('textbox', { name: '本文' }));
    expect(fireEvent.keyDown(screen.getByLabelText(/いいねの文字/), { key: 'Enter' })).toBe(false);
    expect(calls('newTopic')).toEqual([]);
  });

  it("shows the server's field errors on their fields, in ja and en, without the generic modal", async () => {
    const refused = new ApiError(400, 'VALIDATION_ERROR', 'invalid', {
      status_code: 'VALIDATION_ERROR',
      message: 'invalid',
      errors: { topic_title: ['validation.no_script'], delivery_date: ['validation.deadline_future'] },
    });
    answer(
      groupHandlers('admin', {
        topicFolders: FOLDERS,
        newTopic: () => {
          throw refused;
        },
      }),
    );
    renderAt('/group/1/topic-create');
    const title = await screen.findByLabelText(/タイトル/);
    fireEvent.change(title, { target: { value: '<script>x</script>' } });
    await typeBody('本文');
    fireEvent.click(screen.getByRole('button', { name: '投稿する' }));
    expect(await screen.findByText('タイトルにスクリプトは入力できません')).toBeTruthy();
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/の日時/, { selector: '[role=alert]' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const { i18n } = await import('@portal/i18n');
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    try {
      expect(await screen.findByText('Title cannot contain scripts')).toBeTruthy();
    } finally {
      await act(async () => {
        await i18n.changeLanguage('ja');
      });
    }
  });

  it('refuses a delivery time in the past', async () => {
    answer(groupHandlers('admin', { topicFolders: FOLDERS }));
    renderAt('/group/1/topic-create');
    fireEvent.change(await screen.findByLabelText(/タイトル/), { target: { value: '予約' } });
    fireEvent.change(screen.getByLabelText(/配信日時/), { target: { value: '2020-01-01T09:00' } });
    fireEvent.click(screen.getByRole('button', { name: '投稿する' }));
    expect(await screen.findByText('配信日時には現在より後の日時を指定してください。')).toBeTruthy();
    expect(calls('newTopic')).toEqual([]);
  });

  it('is closed to members without role_edit_topic', async () => {
    answer(groupHandlers('member'));
    const view = renderAt('/group/1/topic-create');
    await waitFor(() => expect(view.where()).toBe('/group/1'));
  });
});

describe('group-topic-update', () => {
  it('shows who holds the lock and no editor when another user edits', async () => {
    answer(
      groupHandlers('admin', {
        checkLockTopic: () => Promise.reject(conflict('TOPIC_BEING_EDITED', { user_name: '佐藤 花子' })),
        topicDetail: { items: detail() },
      }),
    );
    renderAt('/group/1/topic-update/5');
    expect(await screen.findByText('このトピックは佐藤 花子さんが編集中です。しばらくしてからもう一度お試しください。')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: '本文' })).toBeNull();
    expect(screen.queryByRole('button', { name: '保存する' })).toBeNull();
  });

  it('takes the lock, refreshes it, saves with its token and releases it on leave', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answer(
      groupHandlers('admin', {
        checkLockTopic: (a: { body: { lock_token?: string } }) => ({
          items: { lock_token: a.body.lock_token ?? 'TOK', expires_at: 1, ttl_ms: 300000 },
        }),
        unlockTopic: { items: { ok: true } },
        topicDetail: { items: detail() },
        topicComments: { items: { data: [], current_page: 1, last_page: 1, total: 0 } },
        updateTopic: { items: detail({ topic_title: '週報（改）' }) },
      }),
    );
    const view = renderAt('/group/1/topic-update/5');
    const title = await screen.findByLabelText(/タイトル/);
    expect((title as HTMLInputElement).value).toBe('週報');
    await act(async () => {
      vi.advanceTimersByTime(TOPIC_LOCK_REFRESH_MS);
    });
    await waitFor(() => expect(calls('checkLockTopic')).toHaveLength(2));
    fireEvent.change(title, { target: { value: '週報（改）' } });
    fireEvent.click(screen.getByRole('button', { name: '保存する' }));
    await waitFor(() => expect(view.where()).toBe('/group/1/topic/5'));
    await waitFor(() => expect(calls('unlockTopic')).toHaveLength(1));
    expect(calls('checkLockTopic')).toEqual([
      ['checkLockTopic', { ...T, body: {} }],
      ['checkLockTopic', { ...T, body: { lock_token: 'TOK' } }],
    ]);
    const [[, saved]] = calls('updateTopic') as [[string, { body: Record<string, unknown> }]];
    // The body round-trips through Lexical: same text and bold, in Lexical's own markup.
    expect(saved.body.content).toMatch(/今週の.*<strong[^>]*>予定<\/strong>/);
    expect(saved).toEqual({
      ...T,
      body: {
        topic_title: '週報（改）',
        content: saved.body.content,
        emergency_contact: false,
        is_multiple_edit: false,
        how_nice: ['1'],
        like_character_change: '👏',
        comment_options: ['1'],
        delivery_date: null,
        lock_token: 'TOK',
      },
    });
    expect(calls('unlockTopic')).toEqual([['unlockTopic', { ...T, body: { lock_token: 'TOK' } }]]);
  });

  it('gives the lock back with a keepalive request when the page itself goes away', async () => {
    answer(
      groupHandlers('admin', {
        checkLockTopic: { items: { lock_token: 'TOK', expires_at: 1, ttl_ms: 300000 } },
        topicDetail: { items: detail() },
      }),
    );
    const sent = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', sent);
    setSession({ accessToken: 'AT' });
    try {
      renderAt('/group/1/topic-update/5');
      await screen.findByLabelText(/タイトル/);
      window.dispatchEvent(new Event('pagehide'));
      expect(sent).toHaveBeenCalledTimes(1);
      const [url, init] = sent.mock.calls[0]!;
      expect(url).toBe('/service/api/v1/members/me/groups/1/topics/unlock-topic/5');
      expect(init).toMatchObject({ method: 'PUT', keepalive: true, body: JSON.stringify({ lock_token: 'TOK' }) });
      expect((init.headers as Record<string, string>).Authorization).toBe('Bearer AT');
    } finally {
      vi.unstubAllGlobals();
      clearSession(false);
    }
  });

  it('keeps the typed text and says the session ended when the save is refused', async () => {
    answer(
      groupHandlers('admin', {
        checkLockTopic: { items: { lock_token: 'TOK', expires_at: 1, ttl_ms: 300000 } },
        topicDetail: { items: detail() },
        updateTopic: () => Promise.reject(conflict('EDIT_SESSION_ENDED')),
      }),
    );
    const view = renderAt('/group/1/topic-update/5');
    const title = await screen.findByLabelText(/タイトル/);
    fireEvent.change(title, { target: { value: '書きかけのタイトル' } });
    fireEvent.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText(/編集セッションが終了したため保存できませんでした。/)).toBeTruthy();
    expect((screen.getByLabelText(/タイトル/) as HTMLInputElement).value).toBe('書きかけのタイトル');
    expect(screen.getByText('今週の')).toBeTruthy();
    expect(view.where()).toBe('/group/1/topic-update/5');
    expect((screen.getByRole('button', { name: '保存する' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says the session ended when a refresh is refused', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answer(
      groupHandlers('admin', {
        checkLockTopic: (a: { body: { lock_token?: string } }) =>
          a.body.lock_token
            ? Promise.reject(conflict('EDIT_SESSION_ENDED'))
            : { items: { lock_token: 'TOK', expires_at: 1, ttl_ms: 300000 } },
        topicDetail: { items: detail() },
      }),
    );
    renderAt('/group/1/topic-update/5');
    await screen.findByLabelText(/タイトル/);
    await act(async () => {
      vi.advanceTimersByTime(TOPIC_LOCK_REFRESH_MS);
    });
    expect(await screen.findByText(/編集セッションが終了したため保存できませんでした。/)).toBeTruthy();
  });
});

describe('editor links', () => {
  it('accepts only http(s) and mailto addresses', async () => {
    const { safeUrl } = await import('@portal/content/topic-editor');
    expect(safeUrl(' https://example.jp/a ')).toBe('https://example.jp/a');
    expect(safeUrl('mailto:a@example.jp')).toBe('mailto:a@example.jp');
    expect(safeUrl('javascript:alert(1)')).toBeNull();
    expect(safeUrl('example.jp')).toBeNull();
  });
});
