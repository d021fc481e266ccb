/**
 * `@portal/ui/kit`: generic feature-level pieces several remotes use. Not a federation singleton:
 * each remote bundles its own copy, so the shell's start-up JavaScript does not grow with them.
 * Pieces that call the API live in `@portal/content/kit`.
 */
export { Pager, type PagerProps } from './Pager';
export { useBackTarget, type BackTarget } from './backTarget';
// Not in the singleton index: only the remotes' forms use it, and the shell's start-up stays lean.
export { TextAreaField, type TextAreaFieldProps } from '../form/TextAreaField';
// Not in the singleton index: home shows no API error, so the shell's start-up needs none of it.
export { useErrorStrings, type ErrorStrings } from './useErrorStrings';
