// The notifications module's test helpers for other modules' tests; code that ships never imports this.
export { actor, type Actor, API, comment, groupWith, postCommon, postTopic } from './fixtures.test-util';
