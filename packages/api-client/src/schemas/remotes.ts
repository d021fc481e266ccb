import { z } from 'zod';

/** The six feature remotes (design card). */
export const REMOTE_NAMES = [
  'groups',
  'common-topic',
  'chat',
  'calendar',
  'notifications',
  'settings',
] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export const remoteEntry = z.object({
  version: z.string().min(1).max(100),
  /** URL of the remote's mf-manifest.json, absolute or root-relative. */
  entry: z.string().min(1).max(2000),
  enabled: z.boolean(),
});
export type RemoteEntry = z.infer<typeof remoteEntry>;

/** `remotes.json`: remote name → where its current version lives. Never cached. */
export const remotesManifest = z.object({
  remotes: z.partialRecord(z.enum(REMOTE_NAMES), remoteEntry),
  updated_at: z.string(),
});
export type RemotesManifest = z.infer<typeof remotesManifest>;
