// The chat module's test helpers for other modules' tests; code that ships never imports this.
export { API, cid, createChat, send } from './fixtures.test-util';
