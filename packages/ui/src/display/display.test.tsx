import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, initialsOf } from './Avatar';
import { formatBadgeCount, UnreadBadge } from './UnreadBadge';

describe('UnreadBadge', () => {
  it('renders nothing for 0', () => {
    const { container } = render(<UnreadBadge count={0} />);
    expect(container.innerHTML).toBe('');
  });

  it('shows the number up to 99 and +99 above', () => {
    expect(formatBadgeCount(1)).toBe('1');
    expect(formatBadgeCount(99)).toBe('99');
    expect(formatBadgeCount(100)).toBe('+99');
    const { rerender, container } = render(<UnreadBadge count={99} />);
    expect(container.textContent).toBe('99');
    rerender(<UnreadBadge count={100} />);
    expect(container.textContent).toBe('+99');
  });

  it('gives screen readers the real count', () => {
    render(<UnreadBadge count={150} />);
    expect(screen.getByLabelText('未読 150件')).toBeTruthy();
  });

  it('shows a grey dot instead of the number when muted', () => {
    const { container } = render(<UnreadBadge count={5} muted />);
    const dot = screen.getByRole('img', { name: '通知オフ' });
    expect(dot.className).toContain('pui-badge--muted');
    expect(container.textContent).toBe('');
  });
});

describe('Avatar', () => {
  it('derives initials for Latin and Japanese names', () => {
    expect(initialsOf('Taro Yamada')).toBe('TY');
    expect(initialsOf('山田 太郎')).toBe('山');
    expect(initialsOf('  ')).toBe('?');
  });

  it('uses the image with alt text, and initials when there is none', () => {
    const { rerender } = render(<Avatar src="/a.png" name="山田 太郎" />);
    expect(screen.getByRole('img', { name: '山田 太郎のアイコン' }).tagName).toBe('IMG');
    rerender(<Avatar src={null} name="山田 太郎" />);
    const fallback = screen.getByRole('img', { name: '山田 太郎のアイコン' });
    expect(fallback.tagName).toBe('SPAN');
    expect(fallback.textContent).toBe('山');
  });

  it('is hidden from assistive technology when decorative (the name is written beside it)', () => {
    const { rerender, container } = render(<Avatar src="/a.png" name="山田 太郎" decorative />);
    expect(screen.queryByRole('img', { name: '山田 太郎のアイコン' })).toBeNull();
    expect(container.querySelector('img')?.getAttribute('alt')).toBe('');
    rerender(<Avatar src={null} name="山田 太郎" decorative />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.textContent).toBe('山');
  });
});
