// The calendar module's test helpers for other modules' tests; code that ships never imports this.
export { CAL, calendarFixture, type CalFixture, createEvent, eventBody } from './fixtures.test-util';
