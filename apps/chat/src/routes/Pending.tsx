import { useTranslation } from 'react-i18next';
import { NotAvailable, useDocumentTitle } from '@portal/ui';

/** A page a later issue builds: its real title, and a plain "not available yet" (never fake data). */
export function Pending({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('chat');
  const title = t(titleKey);
  useDocumentTitle(title);
  return <NotAvailable title={title} />;
}
