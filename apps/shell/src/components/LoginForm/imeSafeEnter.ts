import type { KeyboardEvent } from 'react';
import { isImeComposing } from '@portal/ui';

/**
 * Form-level Enter handling: the browser's implicit submission cannot tell a conversion Enter
 * from a real one, so Enter in a text input is always intercepted and a real one submits.
 */
export function onFormEnter(submit: () => void) {
  return (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key !== 'Enter') return;
    const target = e.target as HTMLElement;
    if (target.tagName !== 'INPUT') return;
    e.preventDefault();
    // The Enter that confirms a kana-kanji conversion must never submit.
    if (!isImeComposing(e)) submit();
  };
}
