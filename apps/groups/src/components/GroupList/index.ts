export { GroupList } from './GroupList';
export { GroupRow } from './GroupRow';
