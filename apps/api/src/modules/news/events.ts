/** Tells a user their news lists changed (new system news, or a CMS item posted or withdrawn). */
export const NEWS_CHANGED = 'notification.news';
