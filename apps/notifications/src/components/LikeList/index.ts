export { LikeList } from './LikeList';
