/**
 * `@portal/content/files`: the file engine's screens shared by the groups and common-topic remotes
 * (one engine, two scopes: a group's shared folder, the company's common shared folder). Not a
 * federation singleton: each remote bundles its own copy, so the shell's start-up JavaScript
 * does not carry it. Group-only parts (folders, bin, attachments, moves) stay in the groups remote.
 */
import './files.css';

export { COMMON_FILE_SCOPE, fileCalls, fileKeys, filePaths, fileScopeId, groupFileScope, type FileScope } from './scope';
export {
  HISTORY_PAGE_SIZE,
  sortFromPreference,
  useFileDetail,
  useFileHistory,
  useFilePageSize,
  useFileStorage,
  useFilesMutation,
  useShowsImages,
  useStoredFileSort,
  type FileSort,
} from './hooks';
export { formatFileDateTime, formatFileSize, formatStorageAmount } from './format';
export { postFiles, uploadedCount, uploadForm, type UploadFields } from './upload';
export { FileKindIcon } from './FileKindIcon';
export { FileRow, type FileRowProps } from './FileRow';
export { FileTable, type FileTableProps } from './FileTable';
export { FileListPager } from './ListControls';
export { FileUpload, type FileUploadProps } from './FileUpload';
export { UploadForm, type FolderChoice, type UploadFormProps } from './UploadForm';
export { StorageBar } from './StorageBar';
export { FilePreview } from './FilePreview';
export { FileHistory } from './FileHistory';
export { FileDetailView, type FileDetailViewProps } from './FileDetailView';
export { FileInfoEditView, type FileInfoEditViewProps } from './FileInfoEditView';
export { FileOverwriteView, type FileOverwriteViewProps } from './FileOverwriteView';
export { fileReactions, refreshFileQueries } from './realtime';
