export const FILES_PATH = '/common-topic/shared-folder';

export const fileDetailPath = (fileId: number, from?: string | null) =>
  `${FILES_PATH}/file/${fileId}${from ? `?from=${encodeURIComponent(from)}` : ''}`;
