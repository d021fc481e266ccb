export { FileRow, formatFileSize, type FileRowProps } from './FileRow';
