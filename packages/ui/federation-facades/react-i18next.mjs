// The react-i18next every app shares (Module Federation `shared.import` in ../federation.mjs).
// A shared singleton cannot be tree-shaken, and <Trans>/<IcuTrans> (with their HTML parser) are
// two thirds of the package while no app uses them. federation.test.ts fails if any app imports
// a name missing here; add it here (all apps rebuild) rather than importing around the facade.
export {
  I18nContext,
  I18nextProvider,
  Translation,
  getDefaults,
  getI18n,
  initReactI18next,
  setDefaults,
  setI18n,
  useTranslation,
  withTranslation,
} from '@portal/federation-impl/react-i18next';
