import { deflateSync } from 'node:zlib';

/** Real, decodable test images built in memory (no binary fixtures in the repository). */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A grey 8-bit greyscale PNG; `padTo` appends bytes after IEND to reach a file size. */
export function pngImage(width: number, height: number, padTo = 0): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  const raw = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y++) raw[y * (width + 1)] = 0; // filter type per row
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return padTo > png.length ? Buffer.concat([png, Buffer.alloc(padTo - png.length)]) : png;
}

/** A GIF header with its logical screen size (enough for sniffing, not a full picture). */
export function gifImage(width: number, height: number): Buffer {
  const b = Buffer.alloc(13);
  b.write('GIF89a', 0, 'latin1');
  b.writeUInt16LE(width, 6);
  b.writeUInt16LE(height, 8);
  return Buffer.concat([b, Buffer.from([0x3b])]);
}

/** JPEG markers: SOI, an APP1 block of `exifBytes`, SOF0 with the size, EOI. */
export function jpegImage(width: number, height: number, exifBytes = 16, sof = 0xc0): Buffer {
  const app1 = Buffer.alloc(4 + exifBytes);
  app1.set([0xff, 0xe1]);
  app1.writeUInt16BE(exifBytes + 2, 2);
  const frame = Buffer.from([0xff, sof, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  frame.writeUInt16BE(height, 5);
  frame.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app1, Buffer.from([0xff, 0xff]), frame, Buffer.from([0xff, 0xd9])]);
}
