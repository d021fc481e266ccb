// Home's four widgets' strings in English, one chunk (see HOME_WIDGET_NAMESPACES in ../resources.ts).
export { default as notifications } from '../locales/en/notifications.json';
export { default as calendar } from '../locales/en/calendar.json';
export { default as groupMenu } from '../locales/en/groupMenu.json';
export { default as commonTopic } from '../locales/en/commonTopic.json';
