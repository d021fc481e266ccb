import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@portal/ui';

/** useDocumentTitle with a `ns:key` route title from routes/titles.ts. */
export function usePageTitle(key: string): string {
  const { t } = useTranslation(['shell', 'auth']);
  const title = t(key);
  useDocumentTitle(title);
  return title;
}
