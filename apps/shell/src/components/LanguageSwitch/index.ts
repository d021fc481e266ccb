export { LanguageSwitch, readGuestLanguage } from './LanguageSwitch';
