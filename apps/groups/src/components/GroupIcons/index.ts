export { CogIcon, UserCogIcon } from './GroupIcons';
