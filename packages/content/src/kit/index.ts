/**
 * `@portal/content/kit`: API-aware pieces several remotes use (error modals for refused calls,
 * multipart uploads, authorised images, the stored list order). Not a federation singleton: each
 * remote bundles its own copy, so the shell's start-up JavaScript does not grow with them.
 * Generic pieces without the API (Pager, back links) are `@portal/ui/kit`.
 */
export { useShowActionError } from './useShowActionError';
export { apiFieldErrors } from './fieldErrors';
export { postMultipart, type MultipartOptions } from './upload';
export { apiImageKey, useApiImageSrc } from './imageSrc';
export { ApiAvatar } from './ApiAvatar';
export { isApiPath, signUrl, type SignItem } from './signedUrl';
export { downloadByLink } from './download';
export { parseSort, SortSelect, storedSort, useStoredSort, type ListSort, type SortPreference } from './sort';
export { useListPageSize } from './pageSize';
