export { FileKindIcon } from './FileKindIcon';
