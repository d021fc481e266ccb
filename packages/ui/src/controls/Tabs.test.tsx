import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Tabs } from './Tabs';

const items = [
  { id: 'feed', label: '新着' },
  { id: 'folder', label: '共有フォルダ' },
  { id: 'setting', label: '設定', disabled: true },
  { id: 'members', label: 'メンバー' },
];

describe('Tabs', () => {
  it('shows a disabled tab but does not select it on click', () => {
    const onChange = vi.fn();
    render(<Tabs label="グループ" items={items} value="feed" onChange={onChange} />);
    const disabled = screen.getByRole('tab', { name: '設定' });
    expect(disabled.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(disabled);
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('tab', { name: '共有フォルダ' }));
    expect(onChange).toHaveBeenCalledWith('folder');
  });

  it('skips disabled tabs with the arrow keys', () => {
    const onChange = vi.fn();
    render(<Tabs label="グループ" items={items} value="folder" onChange={onChange} />);
    const folder = screen.getByRole('tab', { name: '共有フォルダ' });
    expect(folder.getAttribute('aria-selected')).toBe('true');
    folder.focus();
    fireEvent.keyDown(folder, { key: 'ArrowRight' });
    expect(onChange).toHaveBeenCalledWith('members');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'メンバー' }));
  });
});
