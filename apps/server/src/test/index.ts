/** Test helpers other workspaces' tests use (the browser journeys run their store's mail server with these). */
export { startTestSmtp, type ReceivedMail, type TestSmtp } from './smtp.ts';
export { chunked, postRaw } from './raw-post.ts';
export { pdfPlainText } from './pdf-text.ts';
