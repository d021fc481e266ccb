export { CommentList } from './CommentList';
export { CommentForm } from './CommentForm';
