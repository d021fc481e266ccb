import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_USER_SETTINGS } from '@portal/api-client';
import { SortSelect, storedSort } from './sort';

describe('list order', () => {
  it("reads each list's stored preference, newest update first by default", () => {
    expect(storedSort(undefined, 'group_topic')).toEqual({ orderBy: 'update', sortedBy: 'desc' });
    const settings = { ...DEFAULT_USER_SETTINGS, sort: { ...DEFAULT_USER_SETTINGS.sort, common_shared_folder: 'title_asc' as const } };
    expect(storedSort(settings, 'common_shared_folder')).toEqual({ orderBy: 'title', sortedBy: 'asc' });
    expect(storedSort(settings, 'group_shared_folder')).toEqual({ orderBy: 'update', sortedBy: 'desc' });
  });

  it('offers the four orders of spec section 9 and reports the picked one', () => {
    const onChange = vi.fn();
    render(<SortSelect value={{ orderBy: 'update', sortedBy: 'desc' }} onChange={onChange} />);
    const select = screen.getByLabelText('並び順') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      '更新日時（新しい順）',
      '更新日時（古い順）',
      'タイトル（降順）',
      'タイトル（昇順）',
    ]);
    fireEvent.change(select, { target: { value: 'title_asc' } });
    expect(onChange).toHaveBeenCalledWith({ orderBy: 'title', sortedBy: 'asc' });
  });
});
