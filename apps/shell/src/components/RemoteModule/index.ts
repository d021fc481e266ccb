export { RemoteModule, preloadRemoteModule, type RemoteModuleProps } from './RemoteModule';
