/**
 * `@portal/ui/topic-editor`: the topic form with its Lexical rich-text editor (about 100 KB gzip),
 * imported only from the remotes' lazily loaded create and update pages.
 */
export { TopicForm, type TopicFormProps } from './TopicForm';
export { LockedTopicEditor, type LockedTopicEditorProps } from './LockedTopicEditor';
export { RichTextEditor, safeUrl } from './RichTextEditor';
export { EMPTY_TOPIC, toBody, toCommonBody, valuesOf, validate, type TopicFormErrors, type TopicFormValues } from './values';
