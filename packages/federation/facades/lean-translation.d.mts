import type { Context } from 'react';
import type { i18n as I18n } from 'i18next';
import type { useTranslation as UseTranslation } from 'react-i18next';

export declare function createUseTranslation(deps: {
  // As react-i18next 18 types it: undefined outside an I18nextProvider.
  I18nContext: Context<{ i18n: I18n; defaultNS?: string | string[] } | undefined>;
  getI18n: () => I18n | undefined;
  useFullTranslation: typeof UseTranslation;
}): typeof UseTranslation;
