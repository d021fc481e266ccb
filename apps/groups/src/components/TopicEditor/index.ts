export { TopicForm, type TopicFormProps } from './TopicForm';
export { RichTextEditor, safeUrl } from './RichTextEditor';
export { EMPTY_TOPIC, toBody, valuesOf, type TopicFormValues } from './values';
