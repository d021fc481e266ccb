export { StorageMeter } from './StorageMeter';
