export { TopicRow, type TopicRowProps } from './TopicRow';
