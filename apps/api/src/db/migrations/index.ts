import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_core';
import * as m0002 from './0002_groups';
import * as m0003 from './0003_topics';
import * as m0004 from './0004_group_images';
import * as m0005 from './0005_files';
import * as m0006ts from './0006_topic_search_mail';
import * as m0007 from './0007_file_thumbnails';
import * as m0008 from './0008_inline_images';
import * as m0009 from './0009_calendar';
import * as m0010 from './0010_chat';
import * as m0011 from './0011_notifications';
import * as m0012 from './0012_search';
import * as m0013security from './0013_security';
import * as m0015 from './0015_settings';
import * as m0016 from './0016_admin';
import * as m0018 from './0018_finish';
import * as m0019 from './0019_saved_search_hits';
import * as m0020 from './0020_line_login';
import * as m0017 from './0017_remotes_registry';
import * as m0022 from './0022_unread_generations';
import * as m0023 from './0023_group_access_notify';
import * as m0024 from './0024_comment_unread_scopes';
import * as m0025 from './0025_remote_canary';
import * as m0026 from './0026_chat_image_size';

/**
 * Every migration, in order. A static list (not a folder scan) so the bundle and tsx runs see
 * the same set. New migrations append here; never edit a migration that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '0001_core': m0001,
  '0002_groups': m0002,
  '0003_topics': m0003,
  '0004_group_images': m0004,
  '0005_files': m0005,
  '0006_topic_search_mail': m0006ts,
  '0007_file_thumbnails': m0007,
  '0008_inline_images': m0008,
  '0009_calendar': m0009,
  '0010_chat': m0010,
  '0011_notifications': m0011,
  '0012_search': m0012,
  '0013_security': m0013security,
  '0015_settings': m0015,
  '0016_admin': m0016,
  '0018_finish': m0018,
  '0019_saved_search_hits': m0019,
  '0020_line_login': m0020,
  '0017_remotes_registry': m0017,
  '0022_unread_generations': m0022,
  '0023_group_access_notify': m0023,
  '0024_comment_unread_scopes': m0024,
  '0025_remote_canary': m0025,
  '0026_chat_image_size': m0026,
};
