export { FavoriteList, type FavoriteMode } from './FavoriteList';
