import { registerRealtimeReactions } from '@portal/api-client/realtime';
import { fileReactions } from '@portal/content/files';
import { topicReactions } from '@portal/content/topics';

/**
 * The topic engine's and the shared folders' reactions (@portal/content). The groups and the
 * common-topic remotes both bundle them and register them under the same owners, so whichever
 * loads first installs them once. Called by the exposed modules that show topics or folders.
 */
export function registerTopicReactions(): void {
  registerRealtimeReactions('topics', topicReactions);
  registerRealtimeReactions('files', fileReactions);
}
