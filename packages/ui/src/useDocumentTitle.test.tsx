import { act, render } from '@testing-library/react';
import { setLanguage } from '@portal/i18n';
import { describe, expect, it } from 'vitest';
import { formatDocumentTitle, useDocumentTitle } from './useDocumentTitle';

function Page({ title }: { title?: string }) {
  useDocumentTitle(title);
  return null;
}

describe('useDocumentTitle', () => {
  it('is the product name plus the route title, in the current language', async () => {
    const { rerender } = render(<Page title="ログイン" />);
    expect(document.title).toBe('グループポータル | ログイン');
    await act(() => setLanguage('en'));
    rerender(<Page title="Login" />);
    expect(document.title).toBe('Group Portal | Login');
    await act(() => setLanguage('ja'));
  });

  it('falls back to the product name alone', () => {
    expect(formatDocumentTitle('グループポータル', null)).toBe('グループポータル');
  });
});
