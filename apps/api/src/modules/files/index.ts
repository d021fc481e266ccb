// The files module as the rest of the API sees it: other modules and app.ts import it from here,
// never from its files (apps/api/src/boundaries.test.ts).
export { sendFile, sendThumbnail, sendZip } from './download';
export { cleanFileBins } from './jobs';
export { fileNotFound, type FileRecord, type Scope, scopedFiles } from './policy';
export { chargeUsage, targetOf, usageOf, writeTransaction } from './quota';
export { createFiles, deleteFiles, deleteKeys, keysOf, withCommit } from './service';
export { stageThumbnails } from './thumbnails';
export { discardAll, type ReceivedFile, receiveFiles } from './upload';
export { unreadByGroup } from './queries';
export { filesRoutes } from './routes';
