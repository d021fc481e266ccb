export { CreateGroupLink } from './CreateGroupLink';
