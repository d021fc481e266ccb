export { SearchModal } from './SearchModal';
