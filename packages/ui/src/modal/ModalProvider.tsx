import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import { atom } from 'nanostores';
import { ConfirmDialog } from './ConfirmDialog';
import { MessageModal } from './MessageModal';
import { $modal, answerConfirm, modalBus, type ConfirmOptions, type ModalApi } from './modal-store';

// If a remote mounts its own provider under the shell's, only the first host renders, so a
// modal never appears twice.
const $hosts = atom<readonly symbol[]>([]);

function ModalHost() {
  const [me] = useState(() => Symbol('modal-host'));
  const hosts = useStore($hosts);
  const entry = useStore($modal);

  useEffect(() => {
    $hosts.set([...$hosts.get(), me]);
    return () => $hosts.set($hosts.get().filter((h) => h !== me));
  }, [me]);

  if (hosts[0] !== me || !entry) return null;
  if (entry.kind === 'confirm') {
    const { id } = entry;
    return (
      <ConfirmDialog key={id} {...entry.options} onConfirm={() => answerConfirm(id, true)} onCancel={() => answerConfirm(id, false)} />
    );
  }
  return <MessageModal key={entry.id} id={entry.id} kind={entry.kind} options={entry.options} />;
}

/** Renders the app and the single modal host. Mount once near the root (the shell does). */
export function ModalProvider({ children }: { children?: ReactNode }) {
  return (
    <>
      {children}
      <ModalHost />
    </>
  );
}

/** `{ success, error, info, confirm, close }`; the same functions as `modalBus`. */
export function useModal(): ModalApi {
  return modalBus;
}

/** A promise-returning confirm: `if (await confirm({ message, destructive: true })) …`. */
export function useConfirm(): (options: ConfirmOptions) => Promise<boolean> {
  return modalBus.confirm;
}
