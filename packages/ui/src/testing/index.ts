/** `@portal/ui/testing`: helpers for the remotes' page tests (never imported by app code). */
export { answerCalls, renderRemote, type RenderRemoteOptions } from './renderRemote';
export { fakeXhr, ManualXhr, type SentXhr, type XhrAnswer } from './fakeXhr';
