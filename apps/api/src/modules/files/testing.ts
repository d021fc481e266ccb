// The files module's test helpers for other modules' tests; code that ships never imports this.
export { G, HTML, M, multipart, type Part, PDF, PNG, storedFiles, SVG, upload, zipEntries } from './fixtures.test-util';
