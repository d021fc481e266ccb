// The firebase module as the rest of the API sees it: other modules and app.ts import it from here,
// never from its files (apps/api/src/boundaries.test.ts).
export { isFcmToken, sendFcm } from './fcm';
export { browserFirestore, FIREBASE_BROWSER_ORIGINS } from './config';
export { withFirestoreMirror } from './firestore';
export { installFirestoreSweep } from './jobs';
export { firebaseRoutes } from './routes';
