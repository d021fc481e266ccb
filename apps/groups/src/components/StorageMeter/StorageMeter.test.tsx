import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@portal/i18n';
import { StorageMeter } from './StorageMeter';

const at = (percent: number) => ({ storage_capacity: 10, storage_used: percent / 10, percent });

afterEach(async () => {
  await i18n.changeLanguage('ja');
});

describe('StorageMeter (group top page, group information)', () => {
  it('warns from 80 % and says full at 100 %, in Japanese', () => {
    const { rerender } = render(<StorageMeter storage={at(79.99)} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('使用量 8.00 GB / 10 GB（79.99%）')).toBeTruthy();
    rerender(<StorageMeter storage={at(80)} />);
    expect(screen.getByRole('alert').textContent).toBe('使用量が容量の80%を超えました。不要なファイルを削除してください。');
    rerender(<StorageMeter storage={at(100)} />);
    expect(screen.getByRole('alert').textContent).toBe('容量がいっぱいです。ファイルを追加できません。');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
  });

  it('and in English', async () => {
    await i18n.changeLanguage('en');
    const { rerender } = render(<StorageMeter storage={at(85)} />);
    expect(screen.getByRole('alert').textContent).toBe('More than 80% of the storage is used. Please delete files you no longer need.');
    rerender(<StorageMeter storage={at(100)} />);
    expect(screen.getByRole('alert').textContent).toBe('The storage is full. No more files can be added.');
  });

  it('shows the company’s capacity and use beside the group’s, with its own warnings', () => {
    const { rerender } = render(<StorageMeter storage={at(10)} company={{ storage_capacity: 50, storage_used: 42.5, percent: 85 }} />);
    const bars = screen.getAllByRole('progressbar');
    expect(bars.map((b) => b.getAttribute('aria-label'))).toEqual(['ストレージ', '会社全体のストレージ']);
    expect(screen.getByText('使用量 42.50 GB / 50 GB（85.00%）')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('会社全体の使用量が容量の80%を超えました。管理者に連絡してください。');
    rerender(<StorageMeter storage={at(10)} company={{ storage_capacity: 50, storage_used: 50, percent: 100 }} />);
    expect(screen.getByRole('alert').textContent).toContain('会社全体の容量がいっぱいです');
    rerender(<StorageMeter storage={at(10)} />);
    expect(screen.getAllByRole('progressbar')).toHaveLength(1);
  });
});
