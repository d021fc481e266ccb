/**
 * `@portal/ui/kit`: generic feature-level pieces several remotes use. Not a federation singleton:
 * each remote bundles its own copy, so the shell's start-up JavaScript does not grow with them.
 * Pieces that call the API live in `@portal/content/kit`.
 */
export { Pager, type PagerProps } from './Pager';
export { useBackTarget, type BackTarget } from './backTarget';
// Not in the singleton index: only forms use them (remotes' pages, the shell's search form),
// and home shows none, so the shell's start-up stays lean.
export { TextAreaField, type TextAreaFieldProps } from '../form/TextAreaField';
export { TextField, type TextFieldProps } from '../form/TextField';
export { PasswordField, type PasswordFieldProps } from '../form/PasswordField';
export { SelectField, type SelectFieldProps, type SelectOption } from '../form/SelectField';
export { FormError, type FormErrorProps } from '../form/FormError';
// Not in the singleton index: home shows no API error, so the shell's start-up needs none of it.
export { useErrorStrings, type ErrorStrings } from './useErrorStrings';
// Page tabs (group area, calendar, settings, feeds): home has none.
export { Tabs, type TabItem, type TabsProps } from '../controls/Tabs';
// Route-level code splitting inside each remote.
export { lazyPage, type LazyPage } from './lazyPage';
