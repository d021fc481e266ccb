export { UnreadList, type UnreadListProps } from './UnreadList';
