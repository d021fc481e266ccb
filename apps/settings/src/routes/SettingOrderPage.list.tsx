import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderItem } from './SettingOrderPage.model';

interface Props {
  label: string;
  items: OrderItem[];
  onMove: (index: number, delta: -1 | 1) => void;
}

/**
 * A list reordered with ▲/▼ buttons (keyboard and screen-reader friendly, unlike drag and drop).
 * Focus follows the moved item, so pressing ▼ repeatedly keeps moving the same one.
 */
export function OrderList({ label, items, onMove }: Props) {
  const { t } = useTranslation('settings');
  const listRef = useRef<HTMLOListElement>(null);
  const refocus = useRef<{ id: number; delta: -1 | 1 } | null>(null);

  useEffect(() => {
    const want = refocus.current;
    if (!want || !listRef.current) return;
    refocus.current = null;
    const row = listRef.current.querySelector<HTMLElement>(`[data-order-id="${want.id}"]`);
    const same = row?.querySelector<HTMLButtonElement>(`button[data-delta="${want.delta}"]`);
    // At the top or bottom the pressed button is now disabled: hand focus to the other one.
    const target = same && !same.disabled ? same : row?.querySelector<HTMLButtonElement>('button:not([disabled])');
    target?.focus();
  });

  return (
    <ol ref={listRef} className="pset-order" aria-label={label}>
      {items.map((item, i) => (
        <li key={item.id} className="pset-order__item" data-order-id={item.id}>
          <span className="pset-order__pos" aria-hidden="true">
            {i + 1}
          </span>
          <span className="pset-order__name">{item.name}</span>
          {([-1, 1] as const).map((delta) => (
            <button
              key={delta}
              type="button"
              className="pui-icon-button pset-order__move"
              data-delta={delta}
              aria-label={t(delta < 0 ? 'order.move_up' : 'order.move_down', { name: item.name })}
              disabled={delta < 0 ? i === 0 : i === items.length - 1}
              onClick={() => {
                refocus.current = { id: item.id, delta };
                onMove(i, delta);
              }}
            >
              <span aria-hidden="true">{delta < 0 ? '▲' : '▼'}</span>
            </button>
          ))}
        </li>
      ))}
    </ol>
  );
}
