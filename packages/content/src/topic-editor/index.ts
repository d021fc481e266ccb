/**
 * `@portal/content/topic-editor`: the topic form with its Lexical rich-text editor (about 100 KB gzip),
 * imported only from the remotes' lazily loaded create and update pages.
 */
export { TopicForm, type TopicFormProps } from './TopicForm';
export { LockedTopicEditor, type LockedTopicEditorProps } from './LockedTopicEditor';
export { RichTextEditor, safeUrl } from './RichTextEditor';
export { AttachmentField, pickFiles } from './AttachmentField';
export { $createInlineImageNode, $isInlineImageNode, InlineImageNode } from './InlineImageNode';
export { InlineImageTools, type InlineImageOptions } from './InlineImageTools';
export { checkImage, imageProblemOf, inlineImageMaxMb, inlineUploadUrl, uploadInlineImage } from './inlineUpload';
export {
  attachmentRoom,
  EMPTY_TOPIC,
  toBody,
  toCommonBody,
  topicFieldErrors,
  valuesOf,
  validate,
  type TopicBody,
  type TopicFormErrors,
  type TopicFormValues,
} from './values';
