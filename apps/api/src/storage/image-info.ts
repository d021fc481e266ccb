/**
 * Image kind and pixel size read from the bytes themselves (magic numbers and headers), so a
 * renamed or mislabelled file is judged by what it is. Covers the spec's image kinds: JPEG, PNG
 * and GIF. Reads through a random-access reader so a JPEG whose size marker sits after a large
 * EXIF block is not loaded whole.
 */

export type ImageKind = 'jpeg' | 'png' | 'gif';

export interface ImageInfo {
  kind: ImageKind;
  width: number;
  height: number;
}

export const IMAGE_MIME: Record<ImageKind, string> = { jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif' };
export const IMAGE_EXT: Record<ImageKind, string> = { jpeg: 'jpg', png: 'png', gif: 'gif' };

export type ByteReader = (offset: number, length: number) => Promise<Buffer>;

export function bufferReader(buf: Buffer): ByteReader {
  return async (offset, length) => buf.subarray(offset, offset + length);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Start-of-frame markers that carry the frame size (not DHT C4, JPG C8, DAC CC). */
const JPEG_SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
/** Markers with no length field. */
const JPEG_STANDALONE = new Set([0x01, 0xd0, 0xd1, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8]);
/** A bound on segments walked, so a crafted file cannot keep the reader busy. */
const JPEG_MAX_SEGMENTS = 1000;

function png(head: Buffer): ImageInfo | null {
  if (head.length < 24 || !head.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  if (head.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { kind: 'png', width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
}

function gif(head: Buffer): ImageInfo | null {
  if (head.length < 10) return null;
  const sig = head.toString('latin1', 0, 6);
  if (sig !== 'GIF87a' && sig !== 'GIF89a') return null;
  return { kind: 'gif', width: head.readUInt16LE(6), height: head.readUInt16LE(8) };
}

async function jpeg(read: ByteReader, head: Buffer): Promise<ImageInfo | null> {
  if (head.length < 4 || head[0] !== 0xff || head[1] !== 0xd8 || head[2] !== 0xff) return null;
  let pos = 2;
  for (let i = 0; i < JPEG_MAX_SEGMENTS; i++) {
    const hdr = await read(pos, 4);
    if (hdr.length < 2 || hdr[0] !== 0xff) return null;
    const marker = hdr[1]!;
    if (marker === 0xff) {
      pos += 1; // fill byte before a marker
      continue;
    }
    if (JPEG_STANDALONE.has(marker)) {
      pos += 2;
      continue;
    }
    // End of image or start of scan before any frame header: no size to be had.
    if (marker === 0xd9 || marker === 0xda || hdr.length < 4) return null;
    const length = hdr.readUInt16BE(2);
    if (length < 2) return null;
    if (JPEG_SOF.has(marker)) {
      const sof = await read(pos + 4, 5);
      if (sof.length < 5) return null;
      return { kind: 'jpeg', height: sof.readUInt16BE(1), width: sof.readUInt16BE(3) };
    }
    pos += 2 + length;
  }
  return null;
}

/** null when the bytes are not a JPEG, PNG or GIF whose header can be read. */
export async function readImageInfo(read: ByteReader): Promise<ImageInfo | null> {
  const head = await read(0, 32);
  return png(head) ?? gif(head) ?? (await jpeg(read, head));
}
