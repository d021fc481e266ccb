// The groups module's test helpers for other modules' tests; code that ships never imports this.
export { type Actor, actor, API, groupWith, insertJoinRequest } from './fixtures.test-util';
