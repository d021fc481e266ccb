import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** How many open dialogs made each background element inert (dialogs can stack). */
const inertBy = new WeakMap<Element, number>();

/**
 * Everything on the page but the dialog becomes `inert`: screen readers and Tab cannot reach it
 * (aria-modal alone is not honoured everywhere). Returns the undo, which only lifts what it set.
 */
function inertBackground(dialogRoot: Element): () => void {
  const touched: Element[] = [];
  for (const el of document.body.children) {
    if (el === dialogRoot || el.contains(dialogRoot)) continue;
    const n = inertBy.get(el) ?? 0;
    if (n === 0 && el.hasAttribute('inert')) continue; // inert for someone else's reason
    inertBy.set(el, n + 1);
    el.setAttribute('inert', '');
    touched.push(el);
  }
  return () => {
    for (const el of touched) {
      const n = (inertBy.get(el) ?? 1) - 1;
      if (n > 0) inertBy.set(el, n);
      else {
        inertBy.delete(el);
        el.removeAttribute('inert');
      }
    }
  };
}

export interface DialogProps {
  titleId: string;
  descriptionId: string;
  /** Esc and backdrop clicks call this. */
  onDismiss: () => void;
  role?: 'dialog' | 'alertdialog';
  className?: string;
  children: ReactNode;
}

/**
 * Accessible modal shell: portal to <body>, aria-modal and an inert background, focus moved in
 * on open and restored on close, Tab and Shift+Tab kept inside, Esc dismisses.
 */
export function Dialog({ titleId, descriptionId, onDismiss, role = 'dialog', className, children }: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const backdrop = ref.current?.parentElement;
    const restore = backdrop ? inertBackground(backdrop) : () => {};
    const first = ref.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? ref.current)?.focus();
    return () => {
      restore();
      if (previous && document.contains(previous)) previous.focus();
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onDismiss();
      return;
    }
    if (e.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) {
      e.preventDefault();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const active = document.activeElement;
    if (e.shiftKey && (active === first || active === ref.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && active === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      className="pui-modal-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onDismiss();
      }}
    >
      <div
        ref={ref}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        tabIndex={-1}
        className={['pui-modal', className].filter(Boolean).join(' ')}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
