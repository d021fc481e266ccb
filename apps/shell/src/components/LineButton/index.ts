export { LineButton, useLineEnabled } from './LineButton';
