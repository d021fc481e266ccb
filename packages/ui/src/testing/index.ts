/**
 * `@portal/ui/testing`: generic helpers for the remotes' page tests (never imported by app code).
 * `renderRemote` and `answerCalls`, which know the API, are `@portal/content/testing`.
 */
export { fakeXhr, ManualXhr, type SentXhr, type XhrAnswer } from './fakeXhr';
