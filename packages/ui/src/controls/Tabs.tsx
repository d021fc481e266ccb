import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem {
  id: string;
  label: ReactNode;
  /** Shown but not selectable (spec: a tab is shown but disabled without the right). */
  disabled?: boolean;
  /** id of the panel this tab controls, when the caller renders one. */
  panelId?: string;
}

export interface TabsProps {
  items: readonly TabItem[];
  value: string;
  onChange: (id: string) => void;
  /** Accessible name of the tab list. */
  label: string;
  className?: string;
}

/**
 * A tab list (WAI-ARIA tabs pattern: roving tabindex, arrow keys, Home/End). Routing stays with
 * the caller: `onChange` typically navigates. Disabled tabs keep focusability off and ignore
 * clicks; arrow keys skip them.
 */
export function Tabs({ items, value, onChange, label, className }: TabsProps) {
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const enabled = items.filter((i) => !i.disabled);
  // Roving tabindex: the selected tab, or the first enabled one, is the single Tab stop.
  const focusId = enabled.find((i) => i.id === value)?.id ?? enabled[0]?.id;

  const select = (item: TabItem) => {
    if (item.disabled || item.id === value) return;
    onChange(item.id);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const index = enabled.findIndex((i) => i.id === (document.activeElement as HTMLElement | null)?.dataset.tabId);
    if (index < 0 || enabled.length === 0) return;
    const target = {
      ArrowRight: enabled[(index + 1) % enabled.length],
      ArrowLeft: enabled[(index - 1 + enabled.length) % enabled.length],
      Home: enabled[0],
      End: enabled[enabled.length - 1],
    }[e.key];
    if (!target) return;
    e.preventDefault();
    refs.current.get(target.id)?.focus();
    select(target);
  };

  return (
    <div role="tablist" aria-label={label} className={['pui-tabs', className].filter(Boolean).join(' ')} onKeyDown={onKeyDown}>
      {items.map((item) => {
        const selected = item.id === value;
        return (
          <button
            key={item.id}
            ref={(el) => {
              if (el) refs.current.set(item.id, el);
              else refs.current.delete(item.id);
            }}
            type="button"
            role="tab"
            data-tab-id={item.id}
            aria-selected={selected}
            aria-disabled={item.disabled || undefined}
            aria-controls={item.panelId}
            tabIndex={item.id === focusId ? 0 : -1}
            className={['pui-tab', selected && 'pui-tab--selected', item.disabled && 'pui-tab--disabled'].filter(Boolean).join(' ')}
            onClick={() => select(item)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
