import { readFile } from 'node:fs/promises';
import path from 'node:path';
import semver from 'semver';
import { z } from 'zod';
import { sharedVersions } from '@portal/federation';

/**
 * Shared-dependency skew between a remote build and the shell. A remote compiled against a
 * different major of a singleton (React 18 hooks inside a React 19 tree) breaks at runtime in
 * ways no error boundary explains, so deploy refuses it up front.
 */

const sharedEntry = z.object({
  name: z.string(),
  version: z.string().optional(),
  singleton: z.boolean().optional(),
  // Builds write null (@portal/federation sets no runtime range); the range is then `^version`.
  requiredVersion: z.union([z.string(), z.literal(false), z.null()]).optional(),
});
/** The part of an mf-manifest.json this module reads (Module Federation 2 manifest format). */
export const mfManifestSchema = z.object({
  name: z.string(),
  metaData: z
    .object({ buildInfo: z.object({ buildVersion: z.string().optional() }).partial().optional() })
    .partial()
    .optional(),
  shared: z.array(sharedEntry).default([]),
});
export type MfManifest = z.infer<typeof mfManifestSchema>;
export type SharedEntry = z.infer<typeof sharedEntry>;

export interface SkewMismatch {
  name: string;
  required: string;
  provided: string | null;
}

export class SkewError extends Error {
  constructor(
    readonly remote: string,
    readonly mismatches: SkewMismatch[],
  ) {
    super(
      `refusing ${remote}: its shared singletons do not match the shell's\n` +
        mismatches.map((m) => `  - ${m.name}: remote needs ${m.required}, shell provides ${m.provided ?? 'nothing'}`).join('\n') +
        `\nRebuild ${remote} against the shell's versions (packages/federation).`,
    );
    this.name = 'SkewError';
  }
}

export async function readMfManifest(file: string): Promise<MfManifest> {
  let raw: string;
  try {
    raw = await readFile(file, 'utf8');
  } catch {
    throw new Error(`${file} not found: build the remote first`);
  }
  const parsed = mfManifestSchema.safeParse(JSON.parse(raw));
  if (!parsed.success) throw new Error(`${file} is not a Module Federation manifest`);
  return parsed.data;
}

/**
 * Singleton versions the shell provides: what the shell build's mf-manifest.json lists when there
 * is one (production remotes carry no copy of their own, `import: false`, so a singleton the
 * shell does not provide is missing at runtime), else the installed versions it will be built with.
 */
export async function shellSharedVersions(rootDir: string): Promise<Record<string, string>> {
  const file = path.join(rootDir, 'apps', 'shell', 'dist', 'mf-manifest.json');
  try {
    const shell = mfManifestSchema.parse(JSON.parse(await readFile(file, 'utf8')));
    const provided: Record<string, string> = {};
    for (const s of shell.shared) if (s.version) provided[s.name] = s.version;
    return provided;
  } catch {
    // No shell build yet (or not a manifest): installed versions are what it will be built with.
    return { ...sharedVersions };
  }
}

/** Version a share key resolves to: exact key first, then its package (`react/jsx-runtime` → react). */
function providedFor(key: string, provided: Record<string, string>): string | null {
  if (provided[key]) return provided[key];
  const parts = key.split('/');
  const pkg = key.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  return provided[pkg] ?? null;
}

/** Every singleton of the remote whose required range the shell's version does not satisfy. */
export function findSkew(remoteShared: SharedEntry[], provided: Record<string, string>): SkewMismatch[] {
  const out: SkewMismatch[] = [];
  for (const s of remoteShared) {
    if (!s.singleton) continue;
    const required = typeof s.requiredVersion === 'string' && s.requiredVersion ? s.requiredVersion : s.version ? `^${s.version}` : '*';
    const have = providedFor(s.name, provided);
    if (!have) {
      out.push({ name: s.name, required, provided: null });
      continue;
    }
    const min = semver.validRange(required) ? semver.minVersion(required) : null;
    const sameMajor = !min || required === '*' || semver.major(min) === semver.major(have);
    const ok = semver.valid(have) !== null && sameMajor && semver.satisfies(have, required, { includePrerelease: true });
    if (!ok) out.push({ name: s.name, required, provided: have });
  }
  return out;
}
