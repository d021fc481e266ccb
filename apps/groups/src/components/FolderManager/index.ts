export { FolderManager } from './FolderManager';
