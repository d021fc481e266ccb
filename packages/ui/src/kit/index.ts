/**
 * `@portal/ui/kit`: feature-level pieces several remotes use. Not a federation singleton: each
 * remote bundles its own copy, so the shell's start-up JavaScript does not grow with them.
 */
export { Pager, type PagerProps } from './Pager';
export { useShowActionError } from './useShowActionError';
export { postMultipart, type MultipartOptions } from './upload';
export { apiImageKey, useApiImageSrc } from './imageSrc';
export { parseSort, SortSelect, storedSort, useStoredSort, type ListSort, type SortPreference } from './sort';
export { useBackTarget, type BackTarget } from './backTarget';
