export { SettingLinks, type SettingLinksProps } from './SettingLinks';
