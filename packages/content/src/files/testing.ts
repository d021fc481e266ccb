/** `@portal/content/files/testing`: file fixtures and a stand-in XMLHttpRequest for the remotes' page tests. */
import type { FileDetail, FileRow } from '@portal/api-client/core';

export const ROW: FileRow = {
  id: 11,
  group_id: 1,
  title: '議事録.pdf',
  name: '議事録.pdf',
  kind: 'pdf',
  size: 2 * 1024 * 1024 + 300 * 1024,
  version: 1,
  uploader: '山田 太郎',
  user_active_status: 1,
  created_at: Date.UTC(2026, 0, 5, 1, 0),
  updated_at: Date.UTC(2026, 0, 5, 1, 0),
  is_read: false,
  folder_id: null,
  topic_id: null,
  is_in_bin: false,
  has_thumbnail: false,
};

export const ROW2: FileRow = { ...ROW, id: 12, title: '写真.png', name: '写真.png', kind: 'image', size: 3000, is_read: true };

export const DETAIL: FileDetail = {
  ...ROW,
  version: 2,
  memo: '第1回',
  mime: 'application/pdf',
  folder: { id: null, name: null, is_attach_folder: false },
  creator: { id: 1, name: '山田 太郎' },
  updater: { id: 1, name: '山田 太郎' },
  last_uploader: { id: 1, name: '山田 太郎' },
  moved_to_bin_at: null,
  date_remove: null,
  is_favor: false,
  can_preview: false,
  can_edit: true,
  history_count: 2,
};

const person = { id: 1, name: '山田 太郎' };
/** One version of 議事録.pdf; earlier ones can be restored. */
export const historyEntry = (id: number, version: number, current: boolean) => ({
  id,
  version,
  name: `議事録_v${version}.pdf`,
  size: 2048,
  kind: 'pdf' as const,
  uploaded_at: Date.UTC(2026, 0, version, 1),
  updated_at: Date.UTC(2026, 0, version, 1),
  creator: person,
  is_current: current,
  is_can_revert: !current,
});
export const historyPage = (entries: ReturnType<typeof historyEntry>[], lastPage = 1) => ({
  items: { data: entries, current_page: 1, last_page: lastPage, total: entries.length },
});

export const listPage = (data: FileRow[], hasMore = false) => ({ items: { data, current_page: 1, has_more: hasMore, next_cursor: null } });
export const COUNTS = { items: { all: 2, unread: 1, unclassified: 2, attachments: 0, in_bin: 1 } };
const usage = (percent: number) => ({
  capacity_bytes: 10 * 1024 ** 3,
  used_bytes: Math.round((10 * 1024 ** 3 * percent) / 100),
  percent,
  warning: percent >= 80,
  full: percent >= 100,
});
export const storage = (percent: number, companyPercent = 1) => ({ items: { group: usage(percent), company: usage(companyPercent) } });
/** The common area's answer: no group, the company only. */
export const commonStorage = (companyPercent: number) => ({ items: { group: null, company: usage(companyPercent) } });

// The hand-driven XMLHttpRequest stand-in lives with the other test helpers.
export { ManualXhr as FakeXhr } from '@portal/ui/testing';
