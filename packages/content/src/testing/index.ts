/**
 * `@portal/content/testing`: helpers for the remotes' page tests that know the API's query keys
 * (never imported by app code). The generic XHR stand-in is `@portal/ui/testing`.
 */
export {
  answerCalls,
  captureDownloads,
  renderRemote,
  signedPaths,
  signUrlsAnswer,
  testSignedUrl,
  type RenderRemoteOptions,
} from './renderRemote';
