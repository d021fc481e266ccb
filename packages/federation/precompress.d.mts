/** Types for precompress.mjs (plain ESM so builds run it without a TypeScript loader). */
export interface PrecompressResult {
  files: number;
  bytes: number;
  br_bytes: number;
  gz_bytes: number;
}
/** Text formats worth compressing; images and fonts are compressed already. */
export declare const COMPRESSIBLE: Set<string>;
export declare function precompressDir(dir: string): Promise<PrecompressResult>;
