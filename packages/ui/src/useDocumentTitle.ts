import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** "<product name> | <route title>", or the product name alone when a page has no title. */
export function formatDocumentTitle(productName: string, routeTitle?: string | null): string {
  return routeTitle ? `${productName} | ${routeTitle}` : productName;
}

/**
 * Sets the document title for the current page (spec section 2, route guards: product name plus
 * route title). Pass the already-translated route title. The product name comes from the
 * `common:product_name` string (same text as PRODUCT_NAME in api-client) so it follows the UI
 * language without ui depending on api-client.
 */
export function useDocumentTitle(routeTitle?: string | null): void {
  const { t, i18n } = useTranslation('common');
  const productName = t('product_name');
  useEffect(() => {
    document.title = formatDocumentTitle(productName, routeTitle);
  }, [productName, routeTitle, i18n.language]);
}
