export { LineLink } from './LineLink';
