import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import CommonTopicRoutes from '.';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

/** Mounted the way the shell mounts it: on a splat route at /common-topic/*. */
function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/common-topic/*" element={<CommonTopicRoutes />} />
        <Route path="*" element={<p>shell catch-all</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

// [url, page title, path after a redirect]
const PAGES: [string, string, string | null][] = [
  ['/common-topic', '共通トピック', '/common-topic/topics'],
  ['/common-topic/topic/4', '共通トピック詳細', null],
  ['/common-topic/topic-create', '共通トピック作成', null],
  ['/common-topic/topic-update/4', '共通トピック編集', null],
  ['/common-topic/shared-folder', '共通共有フォルダ', null],
  ['/common-topic/shared-folder/file/2', 'ファイル詳細', null],
  ['/common-topic/shared-folder/file/2/file-overwrite', 'ファイル上書き', null],
  ['/common-topic/shared-folder/file/2/update-information', 'ファイル情報編集', null],
];

describe('common-topic routes (spec section 2)', () => {
  it.each(PAGES)('%s shows %s as not available yet', async (url, title, redirected) => {
    renderAt(url);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(title);
    expect(screen.getByText('この機能はまだ利用できません。')).toBeTruthy();
    expect(document.title).toBe(`グループポータル | ${title}`);
    if (redirected) expect(screen.getByTestId('where').textContent).toBe(redirected);
  });

  it('sends unknown paths to the shell not-found page', () => {
    renderAt('/common-topic/no/such/page/here');
    expect(screen.getByText('shell catch-all')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/page-not-found');
  });
});
