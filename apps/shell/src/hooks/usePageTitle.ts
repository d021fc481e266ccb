import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@portal/ui';

/**
 * useDocumentTitle with a `ns:key` route title from routes/titles.ts. Only the key's own
 * namespace is requested: namespaces load on demand, and home must not pull in the login
 * pages' strings just to name itself.
 */
export function usePageTitle(key: string): string {
  const { t } = useTranslation(key.slice(0, Math.max(0, key.indexOf(':'))) || 'shell');
  const title = t(key);
  useDocumentTitle(title);
  return title;
}
