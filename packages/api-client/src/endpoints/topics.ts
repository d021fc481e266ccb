import { endpoint } from '../endpoint';
import { okSchema } from '../schemas/common';
import * as t from '../schemas/topics';
import { downloadFilesBody } from '../schemas/files';

const G = '/members/me/groups/:id';
const C = '/members/me/common-topics';
const tags = ['topics'];
const commonTags = ['common-topics'];

/** Group topics, folders, comments, likes, bin and edit lock (spec section 7). */
export const groupTopicEndpoints = {
  topicFolders: endpoint({
    method: 'GET', path: `${G}/folder/get-all-folder/:type`, auth: true, params: t.groupFolderTypeParam,
    response: t.topicFoldersResponse, summary: 'Topic folders of a group with their topic counts', tags,
  }),
  createTopicFolder: endpoint({
    method: 'POST', path: `${G}/folder/create-new-folder`, auth: true, params: t.groupParam, body: t.createFolderBody,
    response: t.topicFolderResponse, summary: 'Create a topic folder (role_edit_topic)', tags,
  }),
  renameTopicFolder: endpoint({
    method: 'POST', path: `${G}/folder/rename-folder`, auth: true, params: t.groupParam, body: t.renameFolderBody,
    response: t.topicFolderResponse, summary: 'Rename a topic folder (role_edit_topic)', tags,
  }),
  deleteTopicFolder: endpoint({
    method: 'POST', path: `${G}/folder/delete-folder`, auth: true, params: t.groupParam, body: t.deleteFolderBody,
    response: okSchema, summary: 'Delete a topic folder; its topics become unclassified (role_edit_topic)', tags,
  }),
  topicsAll: endpoint({
    method: 'GET', path: `${G}/topics/get-not-delete-topics`, auth: true, params: t.groupParam, query: t.topicListQuery,
    response: t.topicListResponse, summary: 'Feed: every topic not in the bin (keyset pages)', tags,
  }),
  topicsUnclassified: endpoint({
    method: 'GET', path: `${G}/topics/get-unclassification-topics`, auth: true, params: t.groupParam, query: t.topicListQuery,
    response: t.topicListResponse, summary: 'Feed: topics in no folder', tags,
  }),
  topicsInBin: endpoint({
    method: 'GET', path: `${G}/topics/get-deleted-topics`, auth: true, params: t.groupParam, query: t.topicListQuery,
    response: t.topicListResponse, summary: 'Feed: topics in the bin', tags,
  }),
  topicsByFolder: endpoint({
    method: 'GET', path: `${G}/topics/get-topics-by-folder/:folderId`, auth: true, params: t.groupFolderParam,
    query: t.topicListQuery, response: t.topicListResponse, summary: 'Feed: topics in one folder', tags,
  }),
  topicsFavorite: endpoint({
    method: 'GET', path: `${G}/topics/get-feature-topics`, auth: true, params: t.groupParam, query: t.topicListQuery,
    response: t.topicListResponse, summary: 'Feed: the caller’s favourite topics of the group (not in the bin)', tags,
  }),
  topicCount: endpoint({
    method: 'GET', path: `${G}/topics/count-topic`, auth: true, params: t.groupParam, response: t.topicCountResponse,
    summary: 'Topic counts for the feed tabs', tags,
  }),
  topicDetail: endpoint({
    method: 'GET', path: `${G}/topics/get-topic-detail/:topicId`, auth: true, params: t.groupTopicParam,
    response: t.topicDetailResponse, summary: 'One topic with likes, favourite and read state', tags,
  }),
  newTopic: endpoint({
    method: 'POST', path: `${G}/topics/new-topic`, auth: true, params: t.groupParam, body: t.newTopicBody,
    multipart: t.TOPIC_FORM_FIELDS, response: t.topicDetailResponse,
    summary: 'Post a topic (role_edit_topic); HTML is sanitised; JSON, or multipart with attachments', tags,
  }),
  updateTopic: endpoint({
    method: 'POST', path: `${G}/topics/update-topic/:topicId`, auth: true, params: t.groupTopicParam,
    body: t.updateTopicBody, multipart: t.TOPIC_FORM_FIELDS, response: t.topicDetailResponse,
    summary: 'Edit a topic (role_edit_topic, edit lock); multipart adds attachments, deleted_attach_file removes', tags,
  }),
  deleteTopic: endpoint({
    method: 'POST', path: `${G}/topics/delete-topic/:topicId`, auth: true, params: t.groupTopicParam,
    response: okSchema, summary: 'Move a topic to the bin, or delete it if already there (role_edit_topic)', tags,
  }),
  setTopicSeen: endpoint({
    method: 'POST', path: `${G}/topics/set-topic-is-seen/:topicId`, auth: true, params: t.groupTopicParam,
    response: t.readResponse, summary: 'Mark a topic read', tags,
  }),
  markTopicUnread: endpoint({
    method: 'POST', path: `${G}/topics/new-topic-mark/:topicId`, auth: true, params: t.groupTopicParam,
    response: t.readResponse, summary: 'Mark a topic unread', tags,
  }),
  likeTopic: endpoint({
    method: 'POST', path: `${G}/topics/like-or-dislike-topic/:topicId`, auth: true, params: t.groupTopicParam,
    body: t.likeBody, response: t.likeResponse, summary: 'Set or clear the caller’s like (idempotent)', tags,
  }),
  likeTopicComment: endpoint({
    method: 'POST', path: `${G}/topics/:topicId/like-or-dislike-comment/:commentId`, auth: true,
    params: t.groupTopicCommentParam, body: t.likeBody, response: t.likeResponse, summary: 'Like a comment', tags,
  }),
  favoriteTopic: endpoint({
    method: 'POST', path: `${G}/topics/favorite-topic/:topicId`, auth: true, params: t.groupTopicParam,
    body: t.favoriteBody, response: t.favoriteResponse, summary: 'Set or clear a favourite', tags,
  }),
  moveTopicsToUnclassified: endpoint({
    method: 'POST', path: `${G}/topics/move-topics-to-unclassified`, auth: true, params: t.groupParam,
    body: t.topicIdsBody, response: t.movedResponse, summary: 'Take topics out of their folder or the bin', tags,
  }),
  moveTopicsToFolder: endpoint({
    method: 'POST', path: `${G}/topics/move-topics-to-selected-folder`, auth: true, params: t.groupParam,
    body: t.moveTopicsToFolderBody, response: t.movedResponse, summary: 'Move topics into a folder', tags,
  }),
  moveTopicsToBin: endpoint({
    method: 'POST', path: `${G}/topics/move-topics-to-bin`, auth: true, params: t.groupParam,
    body: t.topicIdsBody, response: t.movedResponse, summary: 'Move topics into the bin', tags,
  }),
  deleteTopicsInBin: endpoint({
    method: 'POST', path: `${G}/topics/delete-topics-in-bin`, auth: true, params: t.groupParam,
    body: t.topicIdsBody, response: t.movedResponse, summary: 'Delete topics for good (they must be in the bin)', tags,
  }),
  emptyTopicsBin: endpoint({
    method: 'POST', path: `${G}/topics/empty-topics-bin`, auth: true, params: t.groupParam,
    body: t.emptyBinBody, response: t.movedResponse, summary: 'Empty the bin (role_admin)', tags,
  }),
  cleanTopicsBin: endpoint({
    method: 'DELETE', path: `${G}/clean-bin`, auth: true, params: t.groupParam, response: t.movedResponse,
    summary: 'Empty the topic bin (role_admin); same effect as empty-topics-bin', tags,
  }),
  topicComments: endpoint({
    method: 'GET', path: `${G}/topics/get-all-comment-by-topic-id/:topicId`, auth: true, params: t.groupTopicParam,
    query: t.commentListQuery, response: t.commentPageResponse, summary: 'Comments with replies, paged', tags,
  }),
  topicCommentDetail: endpoint({
    method: 'GET', path: `${G}/topics/comment-detail/:commentId`, auth: true, params: t.groupCommentParam,
    response: t.commentResponse, summary: 'One comment with its replies', tags,
  }),
  addTopicComment: endpoint({
    method: 'POST', path: `${G}/topics/add-new-comment`, auth: true, params: t.groupParam, body: t.commentBody,
    multipart: t.TOPIC_FORM_FIELDS, response: t.commentResponse,
    summary: 'Comment or reply (anonymous where the topic allows); JSON, or multipart with attachments as for topics', tags,
  }),
  deleteTopicComment: endpoint({
    method: 'POST', path: `${G}/topics/delete-comment-topic/:commentId`, auth: true, params: t.groupCommentParam,
    response: okSchema, summary: 'Delete the caller’s own comment', tags,
  }),
  checkLockTopic: endpoint({
    method: 'POST', path: `${G}/topics/check-lock-topic/:topicId`, auth: true, params: t.groupTopicParam,
    body: t.lockBody, response: t.lockResponse, summary: 'Take or refresh the edit lock', tags,
  }),
  unlockTopic: endpoint({
    method: 'PUT', path: `${G}/topics/unlock-topic/:topicId`, auth: true, params: t.groupTopicParam,
    body: t.lockBody, response: okSchema, summary: 'Release the edit lock', tags,
  }),
};

/** Common (company-wide) topics on the same engine. */
export const commonTopicEndpoints = {
  commonTopics: endpoint({
    method: 'GET', path: `${C}/list`, auth: true, query: t.commonTopicListQuery, response: t.topicListResponse,
    summary: 'Common topics reaching one of the caller’s groups', tags: commonTags,
  }),
  commonTopicTop: endpoint({
    method: 'GET', path: `${C}/get-data-common-topic-top`, auth: true, query: t.commonTopicTopQuery, response: t.topicListResponse,
    summary: 'Newest common topics for the home page', tags: commonTags,
  }),
  commonTopicUnreadCount: endpoint({
    method: 'GET', path: '/members/me/unread/count/common-topic', auth: true, response: t.unreadCountResponse,
    summary: 'Unread common topics of the caller', tags: commonTags,
  }),
  commonTopic: endpoint({
    method: 'GET', path: `${C}/:topicId`, auth: true, params: t.commonTopicParam, response: t.topicDetailResponse,
    summary: 'One common topic', tags: commonTags,
  }),
  createCommonTopic: endpoint({
    method: 'POST', path: `${C}/create`, auth: true, body: t.newCommonTopicBody, multipart: t.TOPIC_FORM_FIELDS,
    response: t.topicDetailResponse, summary: 'Post a common topic (common_topic_role); JSON, or multipart with attachments', tags: commonTags,
  }),
  updateCommonTopic: endpoint({
    method: 'POST', path: `${C}/:topicId`, auth: true, params: t.commonTopicParam, body: t.updateCommonTopicBody,
    multipart: t.TOPIC_FORM_FIELDS, response: t.topicDetailResponse,
    summary: 'Edit a common topic (common_topic_role, edit lock); multipart adds attachments', tags: commonTags,
  }),
  deleteCommonTopic: endpoint({
    method: 'DELETE', path: `${C}/:topicId`, auth: true, params: t.commonTopicParam, response: okSchema,
    summary: 'Delete a common topic (common_topic_role)', tags: commonTags,
  }),
  commonMarkRead: endpoint({
    method: 'POST', path: `${C}/mark-read/:topicId`, auth: true, params: t.commonTopicParam, response: t.readResponse,
    summary: 'Mark a common topic read', tags: commonTags,
  }),
  commonMarkReadAll: endpoint({
    method: 'POST', path: `${C}/mark-read-all`, auth: true, response: t.movedResponse,
    summary: 'Mark every visible common topic read', tags: commonTags,
  }),
  commonMarkUnread: endpoint({
    method: 'POST', path: `${C}/new-topic-mark/:topicId`, auth: true, params: t.commonTopicParam, response: t.readResponse,
    summary: 'Mark a common topic unread', tags: commonTags,
  }),
  likeCommonTopic: endpoint({
    method: 'POST', path: `${C}/like-or-dislike-common-topic/:topicId`, auth: true, params: t.commonTopicParam,
    body: t.likeBody, response: t.likeResponse, summary: 'Like a common topic (idempotent)', tags: commonTags,
  }),
  likeCommonComment: endpoint({
    method: 'POST', path: `${C}/:topicId/like-or-dislike-comment/:commentId`, auth: true,
    params: t.commonTopicCommentParam, body: t.likeBody, response: t.likeResponse, summary: 'Like a comment', tags: commonTags,
  }),
  favoriteCommonTopic: endpoint({
    method: 'POST', path: `${C}/favorite/:topicId`, auth: true, params: t.commonTopicParam, body: t.favoriteBody,
    response: t.favoriteResponse, summary: 'Set or clear a favourite', tags: commonTags,
  }),
  commonTopicComments: endpoint({
    method: 'GET', path: `${C}/get-all-comment-by-topic-id/:topicId`, auth: true, params: t.commonTopicParam,
    query: t.commentListQuery, response: t.commentPageResponse, summary: 'Comments with replies, paged', tags: commonTags,
  }),
  commonCommentDetail: endpoint({
    method: 'GET', path: `${C}/comment-detail/:commentId`, auth: true, params: t.commonCommentParam,
    response: t.commentResponse, summary: 'One comment with its replies', tags: commonTags,
  }),
  commonPostComment: endpoint({
    method: 'POST', path: `${C}/post-comment`, auth: true, body: t.commentBody, multipart: t.TOPIC_FORM_FIELDS,
    response: t.commentResponse, summary: 'Comment or reply on a common topic; JSON, or multipart with attachments', tags: commonTags,
  }),
  commonDeleteComment: endpoint({
    method: 'POST', path: `${C}/delete-comment-topic/:commentId`, auth: true, params: t.commonCommentParam,
    response: okSchema, summary: 'Delete the caller’s own comment', tags: commonTags,
  }),
  checkLockCommonTopic: endpoint({
    method: 'POST', path: `${C}/check-lock-topic/:topicId`, auth: true, params: t.commonTopicParam, body: t.lockBody,
    response: t.lockResponse, summary: 'Take or refresh the edit lock', tags: commonTags,
  }),
  unlockCommonTopic: endpoint({
    method: 'PUT', path: `${C}/unlock-topic/:topicId`, auth: true, params: t.commonTopicParam, body: t.lockBody,
    response: okSchema, summary: 'Release the edit lock', tags: commonTags,
  }),
};

/**
 * Attachments and inline images. A group topic's attachments zip through the shared folder's
 * download-files (POST members/me/groups/{id}/download-files), which reads them per topic too.
 */
export const topicFileEndpoints = {
  topicAttachment: endpoint({
    method: 'GET', path: `${G}/topics/:topicId/attachments/:fileId`, auth: true, params: t.groupTopicAttachmentParam,
    response: t.topicBinaryResponse, summary: 'Download one attachment of a topic the caller can read (binary)', tags,
  }),
  commonTopicAttachment: endpoint({
    method: 'GET', path: `${C}/:topicId/attachments/:fileId`, auth: true, params: t.commonTopicAttachmentParam,
    response: t.topicBinaryResponse, summary: 'Download one attachment of a common topic (binary)', tags: commonTags,
  }),
  commonTopicDownloadFiles: endpoint({
    method: 'POST', path: `${C}/download-files`, auth: true, body: downloadFilesBody, response: t.topicBinaryResponse,
    summary: 'Attachments of common topics the caller can read (is_comment_file: of their comments), as one zip (at most 500 MB)', tags: commonTags,
  }),
  uploadInlineImage: endpoint({
    method: 'POST', path: '/members/me/upload-file-by-tiny', auth: true, query: t.inlineImageUploadQuery,
    response: t.inlineImageResponse,
    summary: 'Upload one inline image for a topic (multipart `file`: PNG, JPEG, GIF or WebP); returns its <img> src', tags,
  }),
  inlineImage: endpoint({
    method: 'GET', path: '/members/me/inline-images/:imageId', auth: true, params: t.inlineImageParam,
    response: t.topicBinaryResponse, summary: 'An inline image: its uploader, or whoever reads a topic showing it (binary)', tags,
  }),
};

export const topicEndpoints = { ...groupTopicEndpoints, ...commonTopicEndpoints, ...topicFileEndpoints };
