/**
 * Block-UI state: counted so nested or overlapping operations (a save that triggers a reload)
 * only release the page when the last one ends. Lives outside React so API helpers can use it.
 */
import { atom, computed } from 'nanostores';

export interface BlockUiOptions {
  /** Also cover the page so it cannot be clicked (otherwise only the cursor changes). */
  blockBody?: boolean;
}

export interface BlockUiState {
  active: boolean;
  blockBody: boolean;
  count: number;
}

const $holders = atom<readonly { blockBody: boolean }[]>([]);

export const $blockUi = computed(
  $holders,
  (holders): BlockUiState => ({
    active: holders.length > 0,
    blockBody: holders.some((h) => h.blockBody),
    count: holders.length,
  }),
);

/** Starts blocking; the returned function releases this hold (calling it twice is harmless). */
export function blockUi(opts: BlockUiOptions = {}): () => void {
  const holder = { blockBody: opts.blockBody ?? false };
  $holders.set([...$holders.get(), holder]);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    $holders.set($holders.get().filter((h) => h !== holder));
  };
}

/** Runs `task` while blocked and always releases, even when it throws. */
export async function withBlockUi<T>(task: () => Promise<T>, opts?: BlockUiOptions): Promise<T> {
  const release = blockUi(opts);
  try {
    return await task();
  } finally {
    release();
  }
}
