import { registerUnreadSource } from '../groups/unread';
import { unreadByGroup } from './queries';

/** Group list badges count unread topics; registered once when the topics module loads. */
export const unregisterTopicUnread = registerUnreadSource((ctx, userId, groupIds) => unreadByGroup(ctx, userId, groupIds));
