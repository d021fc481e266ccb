// Home's four widgets' strings in Japanese, one chunk (see HOME_WIDGET_NAMESPACES in ../resources.ts).
export { default as notifications } from '../locales/ja/notifications.json';
export { default as calendar } from '../locales/ja/calendar.json';
export { default as groupMenu } from '../locales/ja/groupMenu.json';
export { default as commonTopic } from '../locales/ja/commonTopic.json';
