export { MenuLayer } from './MenuLayer';
