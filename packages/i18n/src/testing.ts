/**
 * For tests only (`@portal/i18n/testing`): every namespace of every language bundled statically,
 * so an instance is complete and synchronous. Kept out of the package's main entry, which is a
 * shared singleton the bundler cannot tree-shake: importing these files there would put every
 * string back into the portal's start-up scripts.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { DEFAULT_LANGUAGE, i18n, isLanguage } from './index';
import { LANGUAGES, NAMESPACES, type Language, type Messages, type Namespace } from './resources';
import jaAuth from './locales/ja/auth.json';
import jaCalendar from './locales/ja/calendar.json';
import jaCalendarPages from './locales/ja/calendarPages.json';
import jaChat from './locales/ja/chat.json';
import jaCommon from './locales/ja/common.json';
import jaCommonTopic from './locales/ja/commonTopic.json';
import jaCommonTopicPages from './locales/ja/commonTopicPages.json';
import jaErrors from './locales/ja/errors.json';
import jaGroups from './locales/ja/groups.json';
import jaGroupMenu from './locales/ja/groupMenu.json';
import jaGroupMenuTools from './locales/ja/groupMenuTools.json';
import jaTopics from './locales/ja/topics.json';
import jaFiles from './locales/ja/files.json';
import jaNotifications from './locales/ja/notifications.json';
import jaNotificationPages from './locales/ja/notificationPages.json';
import jaSearch from './locales/ja/search.json';
import jaSettings from './locales/ja/settings.json';
import jaShell from './locales/ja/shell.json';
import jaUi from './locales/ja/ui.json';
import jaValidation from './locales/ja/validation.json';
import enAuth from './locales/en/auth.json';
import enCalendar from './locales/en/calendar.json';
import enCalendarPages from './locales/en/calendarPages.json';
import enChat from './locales/en/chat.json';
import enCommon from './locales/en/common.json';
import enCommonTopic from './locales/en/commonTopic.json';
import enCommonTopicPages from './locales/en/commonTopicPages.json';
import enErrors from './locales/en/errors.json';
import enGroups from './locales/en/groups.json';
import enGroupMenu from './locales/en/groupMenu.json';
import enGroupMenuTools from './locales/en/groupMenuTools.json';
import enTopics from './locales/en/topics.json';
import enFiles from './locales/en/files.json';
import enNotifications from './locales/en/notifications.json';
import enNotificationPages from './locales/en/notificationPages.json';
import enSearch from './locales/en/search.json';
import enSettings from './locales/en/settings.json';
import enShell from './locales/en/shell.json';
import enUi from './locales/en/ui.json';
import enValidation from './locales/en/validation.json';

export const allResources: Record<Language, Record<Namespace, Messages>> = {
  ja: {
    common: jaCommon,
    errors: jaErrors,
    validation: jaValidation,
    ui: jaUi,
    auth: jaAuth,
    shell: jaShell,
    settings: jaSettings,
    groups: jaGroups,
    groupMenu: jaGroupMenu,
    groupMenuTools: jaGroupMenuTools,
    topics: jaTopics,
    files: jaFiles,
    commonTopic: jaCommonTopic,
    commonTopicPages: jaCommonTopicPages,
    chat: jaChat,
    calendar: jaCalendar,
    calendarPages: jaCalendarPages,
    notifications: jaNotifications,
    notificationPages: jaNotificationPages,
    search: jaSearch,
  },
  en: {
    common: enCommon,
    errors: enErrors,
    validation: enValidation,
    ui: enUi,
    auth: enAuth,
    shell: enShell,
    settings: enSettings,
    groups: enGroups,
    groupMenu: enGroupMenu,
    groupMenuTools: enGroupMenuTools,
    topics: enTopics,
    files: enFiles,
    commonTopic: enCommonTopic,
    commonTopicPages: enCommonTopicPages,
    chat: enChat,
    calendar: enCalendar,
    calendarPages: enCalendarPages,
    notifications: enNotifications,
    notificationPages: enNotificationPages,
    search: enSearch,
  },
};

/**
 * A fresh instance holding every string; ready synchronously in any language. Not bound to
 * react-i18next globally: render under `<I18nextProvider i18n={…}>`.
 */
export function createTestI18n(lng: string = DEFAULT_LANGUAGE): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: isLanguage(lng) ? lng : DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [...NAMESPACES],
    defaultNS: 'common',
    resources: allResources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

/**
 * Fills the shared instance with every string, as if each page had already been visited, so
 * component tests render on the first pass without a Suspense boundary (call it in a setup file).
 */
export function loadAllStrings(instance: I18n = i18n): void {
  for (const lng of LANGUAGES) {
    for (const ns of NAMESPACES) instance.addResourceBundle(lng, ns, allResources[lng][ns], true, true);
  }
}
