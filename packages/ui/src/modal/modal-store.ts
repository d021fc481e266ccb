/**
 * Modal state outside React, so the API error handler (`modalBus.error`) and components
 * (`useModal`) drive the same single modal. One modal at a time: a new success/info replaces the
 * open one; a new error is dropped while another modal is open (spec: error modals are
 * suppressed when another modal is open, which stops one failed page load from stacking up
 * a modal per failed request).
 */
import type { ReactNode } from 'react';
import { atom } from 'nanostores';

/** Spec section 9: modals auto-close after 3 s; close events fire 300 ms after hiding. */
export const MODAL_AUTO_CLOSE_SECONDS = 3;
export const MODAL_CLOSE_EVENT_DELAY_MS = 300;

export type MessageModalKind = 'success' | 'error' | 'info';

export interface ModalOptions {
  message: ReactNode;
  title?: ReactNode;
  /** Seconds until the modal closes itself; 0 keeps it open until the user closes it. */
  closeSeconds?: number;
  /** Fires 300 ms after the modal is hidden, however it was closed. */
  onClose?: () => void;
  /** Label of the extra "back" button; shown when `onBack` is given. */
  backLabel?: ReactNode;
  onBack?: () => void;
}

export interface ConfirmOptions {
  message: ReactNode;
  title?: ReactNode;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  /** Styles the confirm button as destructive (delete, leave, empty bin). */
  destructive?: boolean;
}

export type ModalEntry =
  | { id: number; kind: MessageModalKind; options: ModalOptions }
  | { id: number; kind: 'confirm'; options: ConfirmOptions; resolve: (ok: boolean) => void };

export const $modal = atom<ModalEntry | null>(null);

let nextId = 1;
let autoCloseTimer: ReturnType<typeof setTimeout> | undefined;

function clearAutoClose() {
  if (autoCloseTimer !== undefined) clearTimeout(autoCloseTimer);
  autoCloseTimer = undefined;
}

/** Hides the current modal and schedules its close event; `confirmed` answers a confirm. */
function hideCurrent(confirmed = false) {
  const current = $modal.get();
  if (!current) return;
  clearAutoClose();
  $modal.set(null);
  if (current.kind === 'confirm') {
    current.resolve(confirmed);
    return;
  }
  const { onClose } = current.options;
  if (onClose) setTimeout(onClose, MODAL_CLOSE_EVENT_DELAY_MS);
}

export function isModalOpen(): boolean {
  return $modal.get() !== null;
}

/** Opens a success/error/info modal; returns its id, or null when an error was suppressed. */
export function showModal(kind: MessageModalKind, options: ModalOptions): number | null {
  if (kind === 'error' && isModalOpen()) return null;
  hideCurrent();
  const id = nextId++;
  $modal.set({ id, kind, options });
  const seconds = options.closeSeconds ?? MODAL_AUTO_CLOSE_SECONDS;
  if (seconds > 0) autoCloseTimer = setTimeout(() => closeModal(id), seconds * 1000);
  return id;
}

/** Closes the open modal, or only the modal `id` when given (a stale timer must not close a newer one). */
export function closeModal(id?: number): void {
  const current = $modal.get();
  if (!current || (id !== undefined && current.id !== id)) return;
  hideCurrent(false);
}

/** Asks the user; resolves true on confirm, false on cancel, Esc or when replaced. */
export function openConfirm(options: ConfirmOptions): Promise<boolean> {
  hideCurrent();
  return new Promise<boolean>((resolve) => {
    $modal.set({ id: nextId++, kind: 'confirm', options, resolve });
  });
}

export function answerConfirm(id: number, ok: boolean): void {
  const current = $modal.get();
  if (current?.kind === 'confirm' && current.id === id) hideCurrent(ok);
}

export interface ModalApi {
  success(options: ModalOptions): number | null;
  error(options: ModalOptions): number | null;
  info(options: ModalOptions): number | null;
  confirm(options: ConfirmOptions): Promise<boolean>;
  close(): void;
}

/** The imperative bridge for code outside React (API error handler, realtime handlers). */
export const modalBus: ModalApi = Object.freeze({
  success: (o: ModalOptions) => showModal('success', o),
  error: (o: ModalOptions) => showModal('error', o),
  info: (o: ModalOptions) => showModal('info', o),
  confirm: openConfirm,
  close: () => closeModal(),
});
