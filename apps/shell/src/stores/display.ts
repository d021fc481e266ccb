import { atom } from 'nanostores';
import { LIMITS } from '@portal/api-client/core';

/**
 * The home menu's PC/mobile display toggle: "PC" pins the layout viewport at the PC width so a
 * phone shows the desktop layout zoomed out; "auto" follows the device. Kept per browser.
 */
export type DisplayMode = 'auto' | 'pc';
export const DISPLAY_KEY = 'portal.displayMode';

function readMode(): DisplayMode {
  try {
    return globalThis.localStorage?.getItem(DISPLAY_KEY) === 'pc' ? 'pc' : 'auto';
  } catch {
    return 'auto';
  }
}

export const $displayMode = atom<DisplayMode>(readMode());

export function applyDisplayMode(mode: DisplayMode, doc: Document = document): void {
  let meta = doc.querySelector<HTMLMetaElement>('meta[name="viewport"]');
  if (!meta) {
    meta = doc.createElement('meta');
    meta.name = 'viewport';
    doc.head.appendChild(meta);
  }
  meta.content = mode === 'pc' ? `width=${LIMITS.pcViewportWidth}` : 'width=device-width, initial-scale=1';
}

export function setDisplayMode(mode: DisplayMode): void {
  try {
    globalThis.localStorage?.setItem(DISPLAY_KEY, mode);
  } catch {
    // Not persisted; still applied for this page.
  }
  $displayMode.set(mode);
  applyDisplayMode(mode);
}
