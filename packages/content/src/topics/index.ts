/**
 * `@portal/content/topics`: the topic engine's screens shared by the groups and common-topic remotes
 * (one engine, two scopes). Not a federation singleton: each remote bundles its own copy, so the
 * shell's start-up JavaScript does not carry it. The editor (Lexical) is `@portal/content/topic-editor`.
 */
export { COMMON_SCOPE, draftKey, groupScope, scopeId, topicCalls, topicKeys, type TopicScope } from './scope';
export { useCommentActions, useCommentPageSize, useTopic, useTopicActions, useTopicComments } from './hooks';
export { useTopicLock, type LockState } from './useTopicLock';
export { TopicRow, type TopicRowProps } from './TopicRow';
export { TopicDetailView, type TopicDetailViewProps } from './TopicDetailView';
export { CommentList } from './CommentList';
export { CommentForm } from './CommentForm';
export { plainToHtml } from './draft';
export { TopicContent } from './TopicContent';
export { AttachmentList } from './AttachmentList';
export { attachmentPath, attachmentZipPath, downloadAttachment, downloadAttachmentZip, fitsInOneZip } from './attachments';
export { deferInlineImages, INLINE_IMAGE_PREFIX, inlineImageSrcs, isInlineImageSrc } from './inlineImages';
export { saveTopic, TOPIC_FORM, topicFormData, type TopicSaveCall, type TopicUpload } from './save';
export { refreshTopicQueries, topicReactions, withLike } from './realtime';
