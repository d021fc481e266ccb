import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@portal/ui';
import '../notifications.css';

/** The frame of the three list pages: the route title as h1 and the list. */
export function ListPage({ titleKey, hint, children }: { titleKey: string; hint?: string; children: ReactNode }) {
  const { t } = useTranslation('notifications');
  const title = t(titleKey);
  useDocumentTitle(title);
  return (
    <section className="pntf-page" aria-labelledby="pntf-page-title">
      <h1 id="pntf-page-title" className="pui-page-title">
        {title}
      </h1>
      {hint && <p className="pntf-page__hint">{hint}</p>}
      {children}
    </section>
  );
}
