export { GroupPickMenu } from './GroupPickMenu';
export { useIsMobileDevice, MOBILE_QUERY } from './useIsMobileDevice';
