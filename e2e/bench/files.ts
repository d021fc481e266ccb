/**
 * Shared-folder figures: throughput of one 100 MB file through the shared folder (upload and
 * download, against a plain copy on the same disk) and the API's memory while it streams a
 * 400 MB zip. Nothing here holds a whole file in memory either: bodies are streamed from and to
 * disk, so the figures measure the server, not the bench.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ADMIN, DEMO_PASSWORD } from '../support/env';

const MB = 1024 * 1024;
const FILE_MB = Number(process.env.BENCH_FILE_MB ?? 100);
const ZIP_FILES = 4;
const RSS_EVERY_MS = 50;
/** A streamed zip needs buffers, not the files: growth past this means something buffered them. */
const ZIP_RSS_FLAT_MB = 64;
const API = '/service/api/v1';

const round1 = (n: number) => Math.round(n * 10) / 10;
const round2 = (n: number) => Math.round(n * 100) / 100;
const mbPerS = (bytes: number, ms: number) => round1(bytes / MB / (ms / 1000));

async function json<T>(baseUrl: string, method: string, url: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${API}${url}`, {
    method,
    headers: { ...(body ? { 'Content-Type': 'application/json' } : {}), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : null,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: HTTP ${res.status} ${text}`);
  return (JSON.parse(text) as { items: T }).items;
}

/** Counts and hashes what flows through, so a file is checked without being read twice. */
function hashing(hash: crypto.Hash, counter: { bytes: number }) {
  return new Transform({
    transform(chunk: Buffer, _enc, cb) {
      hash.update(chunk);
      counter.bytes += chunk.length;
      cb(null, chunk);
    },
  });
}

async function writeRandomFile(file: string, bytes: number): Promise<string> {
  const hash = crypto.createHash('sha256');
  const counter = { bytes: 0 };
  async function* chunks() {
    for (let left = bytes; left > 0; left -= MB) yield crypto.randomBytes(Math.min(MB, left));
  }
  await pipeline(Readable.from(chunks()), hashing(hash, counter), fs.createWriteStream(file));
  return hash.digest('hex');
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t = performance.now();
  const value = await fn();
  return { ms: performance.now() - t, value };
}

/**
 * POSTs one file as multipart/form-data straight from disk. The length is known up front, so the
 * body goes out with Content-Length rather than chunked, as a browser sends it.
 */
function uploadFile(baseUrl: string, token: string, groupId: number, file: string, name: string): Promise<{ id: number }> {
  const boundary = `----bench${crypto.randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\n${name}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = fs.statSync(file).size;
  const url = new URL(`${baseUrl}${API}/members/me/groups/${groupId}/share-folder-upload-file`);
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': String(head.length + size + tail.length),
      },
    });
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => {
        const text = Buffer.concat(parts).toString('utf8');
        if (res.statusCode !== 200) return reject(new Error(`upload ${name}: HTTP ${res.statusCode} ${text}`));
        const items = (JSON.parse(text) as { items: { id: number }[] }).items;
        if (items.length !== 1) return reject(new Error(`upload ${name}: expected one file, got ${items.length}`));
        resolve(items[0]!);
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    async function* body() {
      yield head;
      yield* fs.createReadStream(file, { highWaterMark: MB });
      yield tail;
    }
    pipeline(Readable.from(body()), req).catch(reject);
  });
}

/** Streams a response body into `sink`, returning its byte count and sha256. */
async function download(baseUrl: string, token: string, method: 'GET' | 'POST', url: string, sink: Writable, body?: unknown) {
  const res = await fetch(`${baseUrl}${API}${url}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : null,
  });
  if (!res.ok || !res.body) throw new Error(`${method} ${url}: HTTP ${res.status} ${await res.text()}`);
  const hash = crypto.createHash('sha256');
  const counter = { bytes: 0 };
  await pipeline(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), hashing(hash, counter), sink);
  return { bytes: counter.bytes, sha256: hash.digest('hex'), contentLength: Number(res.headers.get('content-length') ?? -1) };
}

/** VmRSS of a process in KB, from /proc (Linux only; null elsewhere). */
function rssKb(pid: number): number | null {
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

function sampleRss(pid: number) {
  let peak = rssKb(pid) ?? 0;
  let samples = 0;
  const timer = setInterval(() => {
    const kb = rssKb(pid);
    if (kb !== null) peak = Math.max(peak, kb);
    samples++;
  }, RSS_EVERY_MS);
  return {
    stop() {
      clearInterval(timer);
      return { peak_mb: round1(peak / 1024), samples };
    },
  };
}

/**
 * Zip central directory check without keeping the zip: the last bytes hold the end-of-central-
 * directory record, whose entry count must match what was asked for.
 */
function tailKeeper(keep: number) {
  let tail = Buffer.alloc(0);
  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      tail = Buffer.concat([tail, chunk]).subarray(-keep);
      cb();
    },
  });
  const entries = () => {
    const at = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    return at < 0 ? -1 : tail.readUInt16LE(at + 10);
  };
  return { sink, entries };
}

export async function benchFiles(baseUrl: string, pid: number) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-files-'));
  // Before any file work, so a zip baseline inflated by the uploads would show.
  const startKb = rssKb(pid);
  try {
    const token = (
      await json<{ access_token: string }>(baseUrl, 'POST', '/auth/login', null, {
        employee_number: ADMIN.employeeNumber,
        password: DEMO_PASSWORD,
      })
    ).access_token;
    const groups = await json<{ data: { id: number }[] }>(baseUrl, 'GET', '/members/me/groups?limit=99999', token);
    const groupId = groups.data[0]?.id;
    if (groupId === undefined) throw new Error('the admin has no group');
    // The default 25 MB per-file limit would refuse the 100 MB file; raise it as an admin would.
    await json(baseUrl, 'POST', `/members/me/groups/${groupId}`, token, { max_img_size_per_attachment: FILE_MB * 2 });

    const bytes = FILE_MB * MB;
    const src = path.join(tmp, 'source.bin');
    const sha256 = await writeRandomFile(src, bytes);

    // Baselines: the kernel's copy (copy_file_range where the disk allows) and a userspace stream
    // copy, which is what the server does with each body.
    const copyFile = await timed(() => fs.promises.copyFile(src, path.join(tmp, 'copy-kernel.bin')));
    const streamCopy = await timed(() =>
      pipeline(fs.createReadStream(src, { highWaterMark: MB }), fs.createWriteStream(path.join(tmp, 'copy-stream.bin'))),
    );
    fs.rmSync(path.join(tmp, 'copy-kernel.bin'));
    fs.rmSync(path.join(tmp, 'copy-stream.bin'));

    const uploadRss = sampleRss(pid);
    const upload = await timed(() => uploadFile(baseUrl, token, groupId, src, 'bench-1.bin'));
    const fileId = upload.value.id;
    const downloaded = path.join(tmp, 'downloaded.bin');
    const down = await timed(() =>
      download(
        baseUrl,
        token,
        'GET',
        `/members/me/groups/${groupId}/share-folder-file/${fileId}/download`,
        fs.createWriteStream(downloaded),
      ),
    );
    const uploadPeak = uploadRss.stop();
    fs.rmSync(downloaded);
    if (down.value.bytes !== bytes || down.value.sha256 !== sha256) {
      throw new Error(`download differs from the upload: ${down.value.bytes} bytes, sha256 ${down.value.sha256} (expected ${sha256})`);
    }

    const ids = [fileId];
    for (let i = 2; i <= ZIP_FILES; i++) ids.push((await uploadFile(baseUrl, token, groupId, src, `bench-${i}.bin`)).id);
    fs.rmSync(src);

    // Settle before the baseline so the upload's garbage does not count against the zip.
    await new Promise((r) => setTimeout(r, 1000));
    const baseline = rssKb(pid);
    const zipRss = sampleRss(pid);
    const tail = tailKeeper(64 * 1024);
    const zip = await timed(() =>
      download(baseUrl, token, 'POST', `/members/me/groups/${groupId}/download-files`, tail.sink, { file_ids: ids }),
    );
    const zipPeak = zipRss.stop();
    const entries = tail.entries();
    if (
      zip.value.bytes < ZIP_FILES * bytes ||
      (zip.value.contentLength >= 0 && zip.value.contentLength !== zip.value.bytes) ||
      entries !== ZIP_FILES
    ) {
      throw new Error(`bad zip: ${zip.value.bytes} bytes (Content-Length ${zip.value.contentLength}), ${entries} entries`);
    }

    const copyMbS = mbPerS(bytes, streamCopy.ms);
    const uploadMbS = mbPerS(bytes, upload.ms);
    const downloadMbS = mbPerS(bytes, down.ms);
    const baselineMb = baseline === null ? null : round1(baseline / 1024);
    const growthMb = baselineMb === null ? null : round1(zipPeak.peak_mb - baselineMb);
    return {
      file_mb: FILE_MB,
      copy: { copy_file_mb_per_s: mbPerS(bytes, copyFile.ms), stream_copy_mb_per_s: copyMbS },
      upload: { ms: Math.round(upload.ms), mb_per_s: uploadMbS, ratio_to_copy: round2(uploadMbS / copyMbS) },
      download: { ms: Math.round(down.ms), mb_per_s: downloadMbS, ratio_to_copy: round2(downloadMbS / copyMbS), sha256_ok: true },
      api_rss_before_files_mb: startKb === null ? null : round1(startKb / 1024),
      api_rss_peak_during_single_mb: uploadPeak.peak_mb,
      zip: {
        files: ZIP_FILES,
        bytes: zip.value.bytes,
        entries,
        ms: Math.round(zip.ms),
        mb_per_s: mbPerS(zip.value.bytes, zip.ms),
        rss_samples: zipPeak.samples,
        rss_baseline_mb: baselineMb,
        rss_peak_mb: zipPeak.peak_mb,
        rss_growth_mb: growthMb,
        rss_flat_limit_mb: ZIP_RSS_FLAT_MB,
        rss_flat: growthMb === null ? null : growthMb <= ZIP_RSS_FLAT_MB,
      },
    };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
