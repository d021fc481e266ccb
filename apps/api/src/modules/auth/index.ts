// The auth module as the rest of the API sees it: other modules and app.ts import it from here,
// never from its files (apps/api/src/boundaries.test.ts).
export { hashPassword, passwordWork, verifyPassword } from './password';
export { storedLanguage } from './queries';
export { changePassword } from './service';
export { THROTTLE } from './throttle';
export {
  accessTokenOwner,
  accessTokenResult,
  hashToken,
  newToken,
  revokeUserSessions,
  sessionsChanged,
  tooLongForToken,
  verifyAccessToken,
  type VerifyResult,
} from './tokens';
export { authRoutes } from './routes';
export { DEMO_SEED_WARNING, offerFirstSetup, setupBanner } from './setup';
