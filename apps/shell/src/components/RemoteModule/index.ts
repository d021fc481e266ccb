export { RemoteModule, type RemoteModuleProps } from './RemoteModule';
