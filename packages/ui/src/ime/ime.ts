import { useCallback, useRef, type KeyboardEvent } from 'react';

interface KeyEventLike {
  nativeEvent?: { isComposing?: boolean };
  isComposing?: boolean;
  keyCode?: number;
}

/**
 * True while a Japanese IME is composing. Enter then confirms the conversion and must not
 * submit. Safari reports the confirming keydown after compositionend with keyCode 229 and
 * isComposing false, so both signals are checked.
 */
export function isImeComposing(event: KeyEventLike): boolean {
  return Boolean(event.nativeEvent?.isComposing || event.isComposing || event.keyCode === 229);
}

export interface ImeSafeEnterOptions {
  /** Let Shift+Enter through untouched (a newline in multi-line inputs). Default true. */
  allowShiftNewline?: boolean;
}

/**
 * An onKeyDown handler that calls `onEnter` for a real Enter press and never for the Enter that
 * confirms an IME conversion.
 */
export function useImeSafeEnter<T extends Element = HTMLInputElement>(
  onEnter: (event: KeyboardEvent<T>) => void,
  { allowShiftNewline = true }: ImeSafeEnterOptions = {},
): (event: KeyboardEvent<T>) => void {
  const latest = useRef(onEnter);
  latest.current = onEnter;
  return useCallback(
    (event: KeyboardEvent<T>) => {
      if (event.key !== 'Enter' || isImeComposing(event)) return;
      if (allowShiftNewline && event.shiftKey) return;
      event.preventDefault();
      latest.current(event);
    },
    [allowShiftNewline],
  );
}
