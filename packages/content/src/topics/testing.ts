/** `@portal/content/topics/testing`: topic, row, comment and attachment fixtures and a fake XHR for the remotes' page tests. */
import type { TopicAttachment, TopicComment, TopicDetail, TopicRow } from '@portal/api-client/core';

export const row = (id: number, over: Partial<TopicRow> = {}): TopicRow => ({
  id,
  topic_type: 1,
  group_id: 1,
  title: `トピック${id}`,
  content: `本文${id}`,
  updater: '山田 太郎',
  user_active_status: 1,
  update_at: Date.UTC(2026, 0, 5, 1, 0),
  delivery_date: Date.UTC(2026, 0, 5, 1, 0),
  is_scheduled: false,
  is_read: true,
  emergency_contact: false,
  allow_anonymous_comment: false,
  folder_id: null,
  is_in_bin: false,
  ...over,
});

export const feedPage = (rows: TopicRow[], next: string | null = null) => ({
  items: { data: rows, current_page: next ? 1 : 0, has_more: next !== null, next_cursor: next },
});

export const detail = (over: Partial<TopicDetail> = {}): TopicDetail => ({
  id: 5,
  topic_type: 1,
  group_id: 1,
  topic_title: '週報',
  content: '<p>今週の<strong>予定</strong></p>',
  emergency_contact: false,
  is_multiple_edit: false,
  how_nice: ['1'],
  like_character_change: '👏',
  comment_options: ['1'],
  delivery_date: 1,
  is_scheduled: false,
  folder_id: null,
  folder_name: null,
  creater_id: 1,
  creater_name: '山田 太郎',
  created_at: 1,
  updater_id: 1,
  updater_name: '山田 太郎',
  updated_at: Date.UTC(2026, 0, 5, 1, 0),
  is_in_bin: false,
  move_to_bin: null,
  date_remove: null,
  liker: [{ id: 2, name: '佐藤 花子' }],
  liker_count: 1,
  is_like: false,
  is_favor: false,
  is_read: true,
  selected_group: [],
  hide_to_selected_group_tag: false,
  comment_count: 0,
  can_edit: true,
  ...over,
});

export const comment = (id: number, over: Partial<TopicComment> = {}): TopicComment => ({
  id,
  topic_id: 5,
  parent_id: null,
  content: `<p>コメント${id}</p>`,
  comment_date: 1,
  commenter_id: 2,
  commenter_name: '佐藤 花子',
  is_anonymous: false,
  is_own: false,
  is_deleted: false,
  comment_parent_delete: false,
  is_like: false,
  liker_count: 0,
  comments: [],
  ...over,
});

export const commentPage = (data: TopicComment[], current = 1, last = 1) => ({
  items: { data, current_page: current, last_page: last, total: data.length },
});

export const attachment = (id: number, over: Partial<TopicAttachment> = {}): TopicAttachment => ({
  id,
  name: `資料${id}.pdf`,
  size: 2048 * id,
  kind: 'pdf',
  mime: 'application/pdf',
  uploaded_at: Date.UTC(2026, 0, 5, 1, 0),
  can_preview: true,
  ...over,
});

/** One request the fake XMLHttpRequest received. */
// The XMLHttpRequest stand-in lives with the other test helpers.
export { fakeXhr, type SentXhr } from '@portal/ui/testing';
