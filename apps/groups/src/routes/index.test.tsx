import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import GroupsRoutes from '.';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

/** Mounted the way the shell mounts it: on a splat route at /group/*. */
function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/group/*" element={<GroupsRoutes />} />
        <Route path="*" element={<p>shell catch-all</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

// [url, page title, path after a redirect]
const PAGES: [string, string, string | null][] = [
  ['/group', 'グループ', '/group'],
  ['/group/5', 'グループトップ', null],
  ['/group/5/new-feed', '新着フィード', null],
  ['/group/5/topic-create', 'トピック作成', null],
  ['/group/5/topic-update/9', 'トピック編集', null],
  ['/group/5/topic/9?commentSearchId=3', 'トピック詳細', null],
  ['/group/5/shared-folder', '共有フォルダ', null],
  ['/group/5/shared-folder/file-create', 'ファイル登録', null],
  ['/group/5/shared-folder/file/7', 'ファイル詳細', null],
  ['/group/5/shared-folder/file/7/file-overwrite', 'ファイル上書き', null],
  ['/group/5/shared-folder/file/7/update-information', 'ファイル情報編集', null],
  ['/group/5/members', 'メンバー一覧', '/group/5/members/list'],
  ['/group/5/members/register', 'メンバー登録', null],
  ['/group/5/members/qr-code-invite', 'QRコード・招待リンク', null],
  ['/group/5/members/qr-code-invite-auth', '招待権限の付与', null],
  ['/group/5/members/invited', '招待中一覧', null],
  ['/group/5/members/join-request', '参加申請の承認', null],
  ['/group/5/members/role', 'グループ権限', null],
  ['/group/5/setting', 'グループ基本情報', '/group/5/setting/information'],
  ['/group/5/setting/information-edit', 'グループ基本情報の編集', null],
  ['/group/5/setting/equipment', '設備・備品', null],
];

describe('groups routes (spec section 2)', () => {
  it.each(PAGES)('%s shows %s as not available yet', async (url, title, redirected) => {
    renderAt(url);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(title);
    expect(screen.getByText('この機能はまだ利用できません。')).toBeTruthy();
    expect(document.title).toBe(`グループポータル | ${title}`);
    if (redirected) expect(screen.getByTestId('where').textContent).toBe(redirected);
  });

  it('sends unknown paths to the shell not-found page', () => {
    renderAt('/group/no/such/page/here');
    expect(screen.getByText('shell catch-all')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/page-not-found');
  });
});
