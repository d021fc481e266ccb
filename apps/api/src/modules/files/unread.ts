import { registerUnreadSource } from '../groups/unread';
import { unreadByGroup } from './queries';

/** Group list badges count unread shared-folder files too; registered once when the module loads. */
export const unregisterFileUnread = registerUnreadSource((ctx, userId, groupIds) => unreadByGroup(ctx, userId, groupIds));
