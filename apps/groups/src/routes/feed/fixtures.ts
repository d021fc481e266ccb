export { comment, commentPage, detail, feedPage, row } from '@portal/content/topics/testing';

export const COUNT = { items: { all: 3, unread: 1, unclassified: 2, in_bin: 1 } };
export const FOLDERS = { items: [{ id: 7, name: '議事録', topic_count: 1 }] };
