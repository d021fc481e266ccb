import { describe, expect, it } from 'vitest';
import { detectFileKind, inlineAllowed } from './file-kind';
import { cleanFileName, contentDisposition, uniqueNames } from './file-name';
import { bufferReader } from './image-info';
import { jpegImage, pngImage } from './images.test-util';

const kind = async (data: Buffer | string, name: string) => (await detectFileKind(bufferReader(Buffer.from(data)), name)).kind;
const zipWith = (entry: string) => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26), Buffer.from(entry)]);

describe('file kind from content', () => {
  it('grants the claimed kind only when the bytes agree', async () => {
    expect(await kind(pngImage(2, 2), 'a.png')).toBe('image');
    expect(await kind(jpegImage(2, 2), 'renamed.txt')).toBe('image');
    expect(await kind('%PDF-1.7\n', 'a.pdf')).toBe('pdf');
    expect(await kind('<html></html>', 'a.pdf')).toBe('other');
    expect(await kind(zipWith('xl/workbook.xml'), 'book.xlsx')).toBe('excel');
    expect(await kind(zipWith('word/document.xml'), 'book.xlsx')).toBe('other');
    expect(await kind(zipWith('a.txt'), 'a.zip')).toBe('zip');
    expect(await kind(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]), 'old.xls')).toBe('excel');
    expect(await kind('名前,年齢\n山田,30\n', 'list.csv')).toBe('csv');
    expect(await kind(Buffer.from([0x41, 0, 0x42]), 'list.csv')).toBe('other');
    expect(await kind(Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom')]), 'clip.mp4')).toBe('video');
    expect(await kind('<svg xmlns="http://www.w3.org/2000/svg"/>', 'a.svg')).toBe('other');
  });

  it('allows inline only for images, PDF and browser video', () => {
    expect(inlineAllowed('image/png')).toBe(true);
    expect(inlineAllowed('application/pdf')).toBe(true);
    expect(inlineAllowed('image/svg+xml')).toBe(false);
    expect(inlineAllowed('text/html')).toBe(false);
    expect(inlineAllowed('text/csv')).toBe(false);
  });
});

describe('file names', () => {
  it('cleans display names', () => {
    expect(cleanFileName('C:\\Users\\me\\報告.pdf')).toBe('報告.pdf');
    expect(cleanFileName('\u200b\u202e.hidden')).toBe('hidden');
    expect(cleanFileName('')).toBe('file');
    expect(cleanFileName(undefined, 'x')).toBe('x');
  });

  it('builds an RFC 5987 Content-Disposition that cannot break out of its quotes', () => {
    const cd = contentDisposition('attachment', '見積"; filename=evil.html');
    expect(cd).toMatch(/^attachment; filename="[^"]*"; filename\*=UTF-8''[^"; ]+$/);
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(cd)![1]!)).toBe('見積"; filename=evil.html');
  });

  it('makes zip entry names unique', () => {
    expect(uniqueNames(['a.pdf', 'A.pdf', 'a.pdf', 'b'])).toEqual(['a.pdf', 'A (2).pdf', 'a (3).pdf', 'b']);
  });
});
