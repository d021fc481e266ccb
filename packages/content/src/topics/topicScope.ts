/**
 * Which feed a topic belongs to: a group's or the company's common one. Its own file so that the
 * request helpers scope.ts uses (commentFiles.ts) can name it without importing scope.ts back.
 */
export type TopicScope = { kind: 'group'; groupId: number } | { kind: 'common' };

export const groupScope = (groupId: number): TopicScope => ({ kind: 'group', groupId });
export const COMMON_SCOPE: TopicScope = { kind: 'common' };
