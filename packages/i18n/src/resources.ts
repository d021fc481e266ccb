/**
 * Where every namespace's strings come from. Only the Japanese namespaces that nearly every page
 * needs (page frame, error modals) are bundled with the i18n package; every
 * other namespace, and all of English, is one dynamic import per JSON file, so the bundler emits
 * one small chunk each and a page downloads only the strings it renders (home's widget
 * namespaces share one chunk per language, HOME_WIDGET_NAMESPACES).
 */
import jaCommon from './locales/ja/common.json';
import jaShell from './locales/ja/shell.json';
import jaUi from './locales/ja/ui.json';

export const LANGUAGES = ['ja', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const NAMESPACES = [
  'common',
  'errors',
  'validation',
  'ui',
  'auth',
  'shell',
  'settings',
  'groups',
  /** Home group list, navbar group menu, group folders and display order (groups remote widgets). */
  'groupMenu',
  /** The folder manager and the QR scanner those menus open, apart so that home loads less. */
  'groupMenuTools',
  /** Topic feeds, topic detail, comments and the topic editor (group and common topics). */
  'topics',
  /** Shared folders: file lists, upload, detail, versions (group and common files). */
  'files',
  'commonTopic',
  /** The common-topic feed, detail, editor and shared-folder pages, apart so that home's link widget loads less. */
  'commonTopicPages',
  'chat',
  'calendar',
  /**
   * The event form, event page and feed (form, preview, members, delete, edit scope, colours,
   * feed), apart from `calendar` so that home's week table loads less.
   */
  'calendarPages',
  'notifications',
  /**
   * Notification pages home does not show (news administration, to-do, notification mail
   * settings, the unread/like/favourite lists, the group top lists), apart from `notifications`
   * so that home's news list loads less.
   */
  'notificationPages',
  /** The header search modal and /search-result (shell). */
  'search',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** A nested translation tree as stored in the JSON files. */
export interface Messages {
  [key: string]: string | Messages;
}

/**
 * Bundled up front in Japanese: the header and layouts (`shell`, `ui`, `common`) and the error
 * modals any page can raise from outside React (`shell:errors.*`), all of which render without
 * a Suspense boundary of their own. Form messages (`validation`) are not: home shows no form, so
 * they load with the first form — every component that translates a validation key asks for the
 * namespace in its useTranslation (FormError, the shell's login-type forms, the topic form), which
 * suspends it until the strings are there. Nor are the API error codes (`errors`): home shows
 * none. A component that may show one asks for the namespace — suspending with its other strings
 * (login-type forms, rarely visited pages), or loading it from mount without suspending and
 * waiting for it only when a message is due (`useErrorStrings` of @portal/ui/kit, FormError).
 * translateError ends on `shell:errors.generic`, so even a failed load shows a sentence, not a key.
 */
export const UPFRONT_NAMESPACES = ['common', 'ui', 'shell'] as const satisfies readonly Namespace[];

export const upfrontResources: { ja: Record<(typeof UPFRONT_NAMESPACES)[number], Messages> } = {
  ja: { common: jaCommon, ui: jaUi, shell: jaShell },
};

type Loader = () => Promise<{ default: Messages }>;

/**
 * Home's widgets need four small namespaces at once; as four chunks they cost home four script
 * insertions, requests and evaluation tasks on the main thread, so each language has
 * them in one chunk (bundles/home-*.ts). Each still loads per namespace for i18next.
 */
export const HOME_WIDGET_NAMESPACES = ['notifications', 'calendar', 'groupMenu', 'commonTopic'] as const satisfies readonly Namespace[];
type HomeBundle = Record<(typeof HOME_WIDGET_NAMESPACES)[number], Messages>;
const fromHome =
  (bundle: () => Promise<HomeBundle>, ns: (typeof HOME_WIDGET_NAMESPACES)[number]): Loader =>
  () =>
    bundle().then((m) => ({ default: m[ns] }));
const homeJa = () => import('./bundles/home-ja');
const homeEn = () => import('./bundles/home-en');

/**
 * One literal import() per file (not a template string) so each file is its own chunk and a
 * renamed file fails the typecheck instead of a page at runtime.
 */
export const loaders: Record<Language, Record<Namespace, Loader>> = {
  ja: {
    common: () => import('./locales/ja/common.json'),
    errors: () => import('./locales/ja/errors.json'),
    validation: () => import('./locales/ja/validation.json'),
    ui: () => import('./locales/ja/ui.json'),
    auth: () => import('./locales/ja/auth.json'),
    shell: () => import('./locales/ja/shell.json'),
    settings: () => import('./locales/ja/settings.json'),
    groups: () => import('./locales/ja/groups.json'),
    groupMenu: fromHome(homeJa, 'groupMenu'),
    groupMenuTools: () => import('./locales/ja/groupMenuTools.json'),
    topics: () => import('./locales/ja/topics.json'),
    files: () => import('./locales/ja/files.json'),
    commonTopic: fromHome(homeJa, 'commonTopic'),
    commonTopicPages: () => import('./locales/ja/commonTopicPages.json'),
    chat: () => import('./locales/ja/chat.json'),
    calendar: fromHome(homeJa, 'calendar'),
    calendarPages: () => import('./locales/ja/calendarPages.json'),
    notifications: fromHome(homeJa, 'notifications'),
    notificationPages: () => import('./locales/ja/notificationPages.json'),
    search: () => import('./locales/ja/search.json'),
  },
  en: {
    common: () => import('./locales/en/common.json'),
    errors: () => import('./locales/en/errors.json'),
    validation: () => import('./locales/en/validation.json'),
    ui: () => import('./locales/en/ui.json'),
    auth: () => import('./locales/en/auth.json'),
    shell: () => import('./locales/en/shell.json'),
    settings: () => import('./locales/en/settings.json'),
    groups: () => import('./locales/en/groups.json'),
    groupMenu: fromHome(homeEn, 'groupMenu'),
    groupMenuTools: () => import('./locales/en/groupMenuTools.json'),
    topics: () => import('./locales/en/topics.json'),
    files: () => import('./locales/en/files.json'),
    commonTopic: fromHome(homeEn, 'commonTopic'),
    commonTopicPages: () => import('./locales/en/commonTopicPages.json'),
    chat: () => import('./locales/en/chat.json'),
    calendar: fromHome(homeEn, 'calendar'),
    calendarPages: () => import('./locales/en/calendarPages.json'),
    notifications: fromHome(homeEn, 'notifications'),
    notificationPages: () => import('./locales/en/notificationPages.json'),
    search: () => import('./locales/en/search.json'),
  },
};
