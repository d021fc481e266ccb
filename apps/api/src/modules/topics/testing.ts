// The topics module's test helpers for other modules' tests; code that ships never imports this.
export { pdf, topicForm } from './attachments.test-util';
export { actor, type Actor, API, C, G, groupWith, postTopic, T, topicBody } from './fixtures.test-util';
