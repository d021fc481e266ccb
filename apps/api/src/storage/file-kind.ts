import type { FileKind } from '@portal/api-client';
import type { ByteReader } from './image-info';

/**
 * What an uploaded file is, judged from its bytes. The spec classifies files by extension
 * (FILE_KINDS); here the extension only names a *claim*, and a kind is granted when the content
 * agrees (magic numbers for images, PDF, video, zip and the Office formats, no NUL bytes for
 * CSV). Anything else is 'other' and is served as application/octet-stream, so an HTML or SVG
 * file can never become a page on our origin.
 */
export interface DetectedKind {
  kind: FileKind;
  mime: string;
  /** Extension of the stored key (never taken from the upload name unchecked). */
  ext: string;
  /** Safe to show inline in a browser (images, PDF, video). */
  inline: boolean;
}

const OTHER: DetectedKind = { kind: 'other', mime: 'application/octet-stream', ext: 'bin', inline: false };
const HEAD = 64 * 1024;

export function extensionOf(name: string): string {
  const m = /\.([A-Za-z0-9]{1,8})$/.exec(name);
  return m ? m[1]!.toLowerCase() : '';
}

const startsWith = (b: Buffer, sig: number[], at = 0) => b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);
const ascii = (b: Buffer, at: number, s: string) => b.length >= at + s.length && b.toString('latin1', at, at + s.length) === s;

function image(head: Buffer): DetectedKind | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { kind: 'image', mime: 'image/jpeg', ext: 'jpg', inline: true };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { kind: 'image', mime: 'image/png', ext: 'png', inline: true };
  if (ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a')) return { kind: 'image', mime: 'image/gif', ext: 'gif', inline: true };
  return null;
}

function video(head: Buffer, claimed: string): DetectedKind | null {
  if (ascii(head, 4, 'ftyp')) {
    const brand = head.toString('latin1', 8, 12);
    if (brand === 'qt  ' || claimed === 'mov') return { kind: 'video', mime: 'video/quicktime', ext: 'mov', inline: true };
    return { kind: 'video', mime: 'video/mp4', ext: 'mp4', inline: true };
  }
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'AVI ')) return { kind: 'video', mime: 'video/x-msvideo', ext: 'avi', inline: false };
  // ASF header GUID (WMV/WMA).
  if (startsWith(head, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11]))
    return { kind: 'video', mime: 'video/x-ms-wmv', ext: 'wmv', inline: false };
  return null;
}

function zipBased(head: Buffer, claimed: string): DetectedKind | null {
  if (!startsWith(head, [0x50, 0x4b, 0x03, 0x04]) && !startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return null;
  // An xlsx package names its parts (xl/workbook.xml …) in the local headers near the start.
  const text = head.toString('latin1');
  if (claimed === 'xlsx' && text.includes('xl/')) {
    return { kind: 'excel', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: 'xlsx', inline: false };
  }
  // Other Office packages (docx, pptx…) are zip files too, but not a spec kind of their own.
  if (claimed === 'zip') return { kind: 'zip', mime: 'application/zip', ext: 'zip', inline: false };
  return null;
}

/** Legacy Office (OLE2 compound file); only an .xls claim makes it 'excel'. */
function ole(head: Buffer, claimed: string): DetectedKind | null {
  if (claimed !== 'xls' || !startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return null;
  return { kind: 'excel', mime: 'application/vnd.ms-excel', ext: 'xls', inline: false };
}

function csv(head: Buffer, claimed: string): DetectedKind | null {
  if (claimed !== 'csv' || head.includes(0)) return null;
  return { kind: 'csv', mime: 'text/csv', ext: 'csv', inline: false };
}

function pdf(head: Buffer): DetectedKind | null {
  return ascii(head, 0, '%PDF-') ? { kind: 'pdf', mime: 'application/pdf', ext: 'pdf', inline: true } : null;
}

export async function detectFileKind(read: ByteReader, declaredName: string): Promise<DetectedKind> {
  const head = await read(0, HEAD);
  const claimed = extensionOf(declaredName);
  return image(head) ?? pdf(head) ?? video(head, claimed) ?? zipBased(head, claimed) ?? ole(head, claimed) ?? csv(head, claimed) ?? OTHER;
}

/** Stored kinds back to what a download may send (rows keep mime, this guards old or odd rows). */
export function inlineAllowed(mime: string): boolean {
  return /^(image\/(jpeg|png|gif)|application\/pdf|video\/(mp4|quicktime))$/.test(mime);
}
