export const FILES_PATH = '/common-topic/shared-folder';

export const fileDetailPath = (fileId: number, from?: string | null) =>
  `${FILES_PATH}/file/${fileId}${from ? `?from=${encodeURIComponent(from)}` : ''}`;

/**
 * Where "back" leads from a common file, by the `from` query of the detail route (with the
 * commonTopic key of its link text): home, the notification lists and the favourites open files
 * too, and returning there is what the reader expects. Anything else goes to the list.
 */
export function fileBackTarget(from: string | null): { path: string; labelKey: string } {
  if (from === 'home') return { path: '/', labelKey: 'files.back_home' };
  if (from === 'notification') return { path: '/notification', labelKey: 'files.back_notification' };
  if (from === 'favourite') return { path: '/notification/favourite', labelKey: 'files.back_favourite' };
  return { path: FILES_PATH, labelKey: 'files.back' };
}
