import { describe, expect, it } from 'vitest';
import { bufferReader, readImageInfo } from './image-info';
import { gifImage, jpegImage, pngImage } from './images.test-util';

const info = (b: Buffer) => readImageInfo(bufferReader(b));

describe('readImageInfo', () => {
  it('reads PNG size from IHDR', async () => {
    expect(await info(pngImage(640, 120))).toEqual({ kind: 'png', width: 640, height: 120 });
  });

  it('reads GIF size from the logical screen descriptor', async () => {
    expect(await info(gifImage(501, 99))).toEqual({ kind: 'gif', width: 501, height: 99 });
  });

  it('walks JPEG segments (past a large EXIF block and fill bytes) to the frame header', async () => {
    expect(await info(jpegImage(1920, 1080, 60_000))).toEqual({ kind: 'jpeg', width: 1920, height: 1080 });
    // Progressive (SOF2) frames carry the size the same way.
    expect(await info(jpegImage(800, 600, 10, 0xc2))).toEqual({ kind: 'jpeg', width: 800, height: 600 });
  });

  it('rejects what is not one of the three kinds, whatever it claims to be', async () => {
    expect(await info(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(await info(Buffer.from('%PDF-1.7\n'))).toBeNull();
    expect(await info(Buffer.alloc(0))).toBeNull();
    // A JPEG start with no frame header before the scan has no size.
    expect(await info(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02, 0xff, 0xd9]))).toBeNull();
    // Truncated PNG signature.
    expect(await info(pngImage(600, 200).subarray(0, 20))).toBeNull();
    // A segment length below 2 would loop forever.
    expect(await info(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x00]))).toBeNull();
  });
});
