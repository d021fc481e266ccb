export { NoticeIcon } from './NoticeIcon';
