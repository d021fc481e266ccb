import { describe, expect, it } from 'vitest';
import { findSkew, mfManifestSchema } from './skew';

const provided = { react: '19.3.1', 'react-dom': '19.3.1', dayjs: '1.11.19' };

describe('findSkew', () => {
  it('reads a build without runtime ranges (requiredVersion null) as ^version', () => {
    const manifest = mfManifestSchema.parse({
      name: 'portal_chat',
      shared: [
        { name: 'react', version: '19.0.0', singleton: true, requiredVersion: null },
        { name: 'react/jsx-runtime', version: '19.3.1', singleton: true, requiredVersion: null },
        { name: 'react-dom', version: '18.3.1', singleton: true, requiredVersion: null },
        { name: 'dayjs', version: '1.12.0', singleton: true, requiredVersion: null },
      ],
    });
    expect(findSkew(manifest.shared, provided)).toEqual([
      { name: 'react-dom', required: '^18.3.1', provided: '19.3.1' },
      { name: 'dayjs', required: '^1.12.0', provided: '1.11.19' },
    ]);
  });

  it('still honours a range a build states', () => {
    const shared = [{ name: 'react', version: '19.0.0', singleton: true, requiredVersion: '^19.4.0' }];
    expect(findSkew(shared, provided)).toEqual([{ name: 'react', required: '^19.4.0', provided: '19.3.1' }]);
  });
});
