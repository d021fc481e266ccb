import type { Migration } from 'kysely';
import * as m0001 from './0001_core';
import * as m0002 from './0002_groups';
import * as m0003 from './0003_topics';
import * as m0004 from './0004_group_images';
import * as m0005 from './0005_files';

/**
 * Every migration, in order. A static list (not a folder scan) so the bundle and tsx runs see
 * the same set. Later issues append here; never edit a migration that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '0001_core': m0001,
  '0002_groups': m0002,
  '0003_topics': m0003,
  '0004_group_images': m0004,
  '0005_files': m0005,
};
