// The react-i18next every app shares (Module Federation `shared.import` in ../index.mjs).
// A shared singleton cannot be tree-shaken, and <Trans>/<IcuTrans> (with their HTML parser) are
// two thirds of the package while no app uses them. federation.test.ts fails if any app imports
// a name missing here; add it here (all apps rebuild) rather than importing around the facade.
// useTranslation is the portal's cheaper hook over the same instance (lean-translation.mjs).
import { I18nContext, getI18n, useTranslation as useFullTranslation } from '@portal/federation-impl/react-i18next';
import { createUseTranslation } from './lean-translation.mjs';

export {
  I18nContext,
  I18nextProvider,
  Translation,
  getDefaults,
  getI18n,
  initReactI18next,
  setDefaults,
  setI18n,
  withTranslation,
} from '@portal/federation-impl/react-i18next';

export const useTranslation = createUseTranslation({ I18nContext, getI18n, useFullTranslation });
