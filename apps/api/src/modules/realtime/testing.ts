// The realtime module's test helpers for other modules' tests; code that ships never imports this.
export { TestSocket } from './ws-client.test-util';
