export { GroupHeader, type GroupHeaderProps } from './GroupHeader';
