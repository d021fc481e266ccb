import { useEffect, useState } from 'react';

/** The width below which the calendar's grids give way to agendas (calendar.css uses the same). */
const QUERY = '(max-width: 700px)';

/** True on a phone-wide screen; follows rotation and resizing. */
export function usePhone(): boolean {
  const get = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches;
  const [phone, setPhone] = useState(get);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const mq = window.matchMedia(QUERY);
    const on = () => setPhone(mq.matches);
    mq.addEventListener('change', on);
    on();
    return () => mq.removeEventListener('change', on);
  }, []);
  return phone;
}
