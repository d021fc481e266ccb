/**
 * @portal/ui — the design system shared (as a Module Federation singleton) by the shell and the
 * remotes. Importing it brings the theme variables and the pui- component styles.
 */
import './theme.css';
import './ui.css';

export {
  THEME_DEFAULTS,
  THEME_IMAGE_VARIABLES,
  THEME_VARIABLES,
  applyTheme,
  applyThemeImages,
  isSafeColor,
  type ThemeColors,
  type ThemeImageSlotName,
} from './theme/theme';

export { FullLayout, CompactLayout, Copyright, type FullLayoutProps, type CompactLayoutProps } from './layout/layouts';
export { NotificationBell, PERMISSION_EVENT } from './layout/NotificationBell';

export {
  $modal,
  modalBus,
  closeModal,
  isModalOpen,
  MODAL_AUTO_CLOSE_SECONDS,
  MODAL_CLOSE_EVENT_DELAY_MS,
  type ModalApi,
  type ModalOptions,
  type ConfirmOptions,
  type MessageModalKind,
} from './modal/modal-store';
export { ModalProvider, useModal, useConfirm } from './modal/ModalProvider';
export { ConfirmDialog, type ConfirmDialogProps } from './modal/ConfirmDialog';
export { Dialog, type DialogProps } from './modal/Dialog';

export { $blockUi, blockUi, withBlockUi, type BlockUiOptions, type BlockUiState } from './block-ui/block-ui';
export { BlockUi } from './block-ui/BlockUi';

export { UnreadBadge, formatBadgeCount, UNREAD_BADGE_CAP, type UnreadBadgeProps } from './display/UnreadBadge';
export { Avatar, initialsOf, type AvatarProps } from './display/Avatar';

export { formatDisplayDate, lastLoginBucket, toTokyo, type DateInput, type LastLoginBucket } from './date/date';
export { fromTokyoWallClock, TokyoTime } from './date/tokyo';
export { DateDisplay, LastLogin } from './date/DateDisplay';

// The form fields (TextField, PasswordField, SelectField, FormError) and Tabs are in
// `@portal/ui/kit`: home shows neither, so the shell's start-up singleton does not carry them.

export { isImeComposing, useImeSafeEnter, type ImeSafeEnterOptions } from './ime/ime';
export { SearchInput, type SearchInputProps } from './ime/SearchInput';

export { NotAvailable, Spinner, EmptyState, ErrorFallback, type EmptyStateProps, type ErrorFallbackProps } from './feedback/feedback';
export { Button, type ButtonProps, type ButtonVariant } from './controls/Button';
export { BellIcon, EyeIcon, EyeOffIcon, MenuIcon, SearchIcon } from './controls/icons';
export { useDocumentTitle, formatDocumentTitle } from './useDocumentTitle';
export { useFirstDataInTransition } from './query/useFirstDataInTransition';
