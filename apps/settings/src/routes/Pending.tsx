import { useTranslation } from 'react-i18next';
import { NotAvailable, useDocumentTitle } from '@portal/ui';

/** A setting page a later issue builds: its real title, and a plain "not available yet". */
export function Pending({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('settings');
  const title = t(titleKey);
  useDocumentTitle(title);
  return <NotAvailable title={title} />;
}
