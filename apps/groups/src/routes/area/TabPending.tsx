import { useTranslation } from 'react-i18next';
import { NotAvailable, useDocumentTitle } from '@portal/ui';

/** A page inside the group area not built yet (new feed, shared folder, topics…). */
export function TabPending({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('groups');
  const title = t(titleKey);
  useDocumentTitle(title);
  return <NotAvailable title={title} />;
}
