import { createHash, randomBytes } from 'node:crypto';
import { loadConfig } from '../config';
import { multipart } from '../modules/files/fixtures.test-util';
import { topicForm } from '../modules/topics/attachments.test-util';
import { topicBody } from '../modules/topics/fixtures.test-util';
import { API, loginChild, prepareSite, startServer, type ChildServer, type ChildSite } from '../test/child-server';
import type { TestDialect } from '../test/harness';
import type { Report } from './doctor';
import { runDoctor } from './run-doctor';

/**
 * The crash-safety operator test (run by ops/fault-injection.test.ts and reported by `npm run bench`):
 * the real server process under concurrent writes (shared-folder uploads and topics with
 * attachments), killed with SIGKILL mid-write and restarted, `cycles` times. Afterwards every
 * acknowledged write is read back and compared byte for byte, and the doctor examines the site.
 */

const WRITERS = 6;
const sha = (b: Buffer | Uint8Array) => createHash('sha256').update(b).digest('hex');

interface Ack {
  url: string;
  sha: string;
}

export interface FaultFigures {
  dialect: string;
  cycles: number;
  acknowledged: number;
  found: number;
  answered5xx: number;
  /** Staged files of killed uploads, left for the sweep once the upload timeout has passed. */
  stagedLeftovers: number;
  orphans: number;
  /** From spawn to the first healthy answer, per start. */
  restartMs: number[];
}

async function writeUntilKilled(
  server: ChildServer,
  token: string,
  site: ChildSite,
  acks: Ack[],
  errors5xx: string[],
  killAfterMs: number,
) {
  const g = `${API}/members/me/groups/${site.groupId}`;
  let alive = true;
  const killed = new Promise<void>((resolve) =>
    setTimeout(() => {
      alive = false;
      server.proc.kill('SIGKILL');
      resolve();
    }, killAfterMs),
  );
  const post = async (url: string, form: { payload: Buffer; headers: Record<string, string> }) => {
    try {
      const res = await fetch(`${server.base}${url}`, {
        method: 'POST',
        body: new Uint8Array(form.payload),
        headers: { ...form.headers, authorization: `Bearer ${token}` },
      });
      const text = await res.text();
      if (res.status >= 500) errors5xx.push(`${res.status} ${url} ${text}`);
      return res.status === 200 ? (JSON.parse(text) as { items: any }) : null;
    } catch {
      return null; // the connection died with the process: not acknowledged
    }
  };
  const writer = async (w: number) => {
    for (let i = 0; alive; i++) {
      const data = Buffer.concat([
        Buffer.from('%PDF-1.4\n'),
        randomBytes(8_000 + ((w * 7919 + i * 104729) % 120_000)),
        Buffer.from('\n%%EOF\n'),
      ]);
      if (w % 2 === 0) {
        const r = await post(`${g}/share-folder-upload-file`, multipart([{ name: `w${w}-${i}.pdf`, data }]));
        if (r) acks.push({ url: `${g}/share-folder-file/${r.items[0].id}/download`, sha: sha(data) });
      } else {
        const r = await post(
          `${g}/topics/new-topic`,
          topicForm(topicBody({ topic_title: `障害試験 ${w}-${i}` }), [{ name: `a${w}-${i}.pdf`, data }]),
        );
        if (r) acks.push({ url: `${g}/topics/${r.items.id}/attachments/${r.items.attach_file[0].id}`, sha: sha(data) });
      }
    }
  };
  await Promise.all([killed, ...Array.from({ length: WRITERS }, (_, w) => writer(w))]);
  await server.exited;
}

async function readBack(server: ChildServer, token: string, acks: Ack[], errors5xx: string[]): Promise<number> {
  let found = 0;
  for (let i = 0; i < acks.length; i += 8) {
    await Promise.all(
      acks.slice(i, i + 8).map(async (a) => {
        const res = await fetch(`${server.base}${a.url}`, { headers: { authorization: `Bearer ${token}` } });
        if (res.status >= 500) errors5xx.push(`${res.status} GET ${a.url}`);
        if (res.status === 200 && sha(Buffer.from(await res.arrayBuffer())) === a.sha) found++;
      }),
    );
  }
  return found;
}

export async function runFaultInjection(
  dialect: TestDialect,
  cycles = 3,
): Promise<{ figures: FaultFigures; errors5xx: string[]; remaining: Report; problems: number }> {
  const site = await prepareSite(dialect);
  try {
    const acks: Ack[] = [];
    const errors5xx: string[] = [];
    const restartMs: number[] = [];
    for (let cycle = 0; cycle < cycles; cycle++) {
      const server = await startServer(site);
      restartMs.push(server.startMs);
      const token = await loginChild(server, site);
      await writeUntilKilled(server, token, site, acks, errors5xx, 1_200 + cycle * 300);
    }
    const server = await startServer(site);
    restartMs.push(server.startMs);
    try {
      const token = await loginChild(server, site);
      const found = await readBack(server, token, acks, errors5xx);
      const config = loadConfig({}, { dataDir: site.dataDir, databaseUrl: site.databaseUrl });
      const { remaining, problems } = await runDoctor(config);
      const leftovers = (await runDoctor(config, { stagingMaxAgeMs: -1 })).remaining;
      const figures: FaultFigures = {
        dialect,
        cycles,
        acknowledged: acks.length,
        found,
        answered5xx: errors5xx.length,
        stagedLeftovers: leftovers.stale_staging.length,
        orphans: leftovers.orphan_files.length + leftovers.orphan_thumbnails.length,
        restartMs,
      };
      return { figures, errors5xx, remaining, problems };
    } finally {
      server.proc.kill('SIGKILL');
      await server.exited;
    }
  } finally {
    await site.drop();
  }
}
