export { MyAvatar } from './MyAvatar';
