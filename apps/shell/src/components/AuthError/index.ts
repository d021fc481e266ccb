export { AuthError } from './AuthError';
