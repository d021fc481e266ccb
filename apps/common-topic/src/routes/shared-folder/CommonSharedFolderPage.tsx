import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState, Spinner, useDocumentTitle } from '@portal/ui';
import { Tabs } from '@portal/ui/kit';
import {
  COMMON_FILE_SCOPE,
  FileListPager,
  FileTable,
  StorageBar,
  useFilePageSize,
  useFileStorage,
  useStoredFileSort,
} from '@portal/content/files';
import { SortSelect } from '@portal/content/kit';
import { useCommonFileList } from '../../api/commonFiles';
import { useMe } from '../../api/commonTopics';
import { AreaNav } from '../AreaNav';
import { CommonFileToolbar } from './CommonFileToolbar';
import { CommonUploadPanel } from './CommonUploadPanel';
import { fileDetailPath } from './paths';
import '../common.css';

type Tab = 'all' | 'unread';

/** common-topic shared-folder: company-wide files; every member reads, holders of the common-topic right write. */
export function CommonSharedFolderPage() {
  const { t } = useTranslation(['commonTopicPages', 'commonTopic'], { nsMode: 'fallback' });
  const { t: tf } = useTranslation('files');
  const title = t('routes.shared_folder');
  useDocumentTitle(title);
  const me = useMe();
  const canEdit = Boolean(me.data?.common_topic_role);
  const limit = useFilePageSize();
  const [tab, setTab] = useState<Tab>('all');
  const [sort, setSort] = useState(useStoredFileSort(COMMON_FILE_SCOPE));
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [uploading, setUploading] = useState(false);
  const storage = useFileStorage(COMMON_FILE_SCOPE);
  const list = useCommonFileList({ page, limit, unreadOnly: tab === 'unread', ...sort });
  const rows = list.data?.data ?? [];
  const restart = () => {
    setPage(1);
    setSelected([]);
  };

  return (
    <section aria-labelledby="pct-files-title" className="pfile-page">
      <AreaNav />
      <header className="pfile-page__head">
        <h1 id="pct-files-title" className="pui-page-title">
          {title}
        </h1>
        {canEdit && !uploading && (
          <Button
            disabled={storage.data?.company.full}
            title={storage.data?.company.full ? tf('storage.company_full') : undefined}
            onClick={() => setUploading(true)}
          >
            {tf('actions.upload')}
          </Button>
        )}
      </header>
      {canEdit && uploading && (
        <CommonUploadPanel
          onClose={(stored) => {
            setUploading(false);
            if (stored) restart();
          }}
        />
      )}
      {storage.data && <StorageBar usage={null} company={storage.data.company} />}
      <Tabs
        label={tf('tabs.label')}
        value={tab}
        onChange={(id) => {
          setTab(id as Tab);
          restart();
        }}
        items={[
          { id: 'all', label: t('files.tab_all') },
          { id: 'unread', label: t('files.tab_unread') },
        ]}
      />
      <SortSelect
        value={sort}
        onChange={(next) => {
          setSort(next);
          restart();
        }}
      />
      <CommonFileToolbar selected={selected} canDelete={canEdit} onDone={() => setSelected([])} />
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <p role="alert">{tf('list.load_failed')}</p>
      ) : rows.length === 0 ? (
        <EmptyState message={t(tab === 'unread' ? 'files.empty_unread' : 'files.empty')} />
      ) : (
        <FileTable scope={COMMON_FILE_SCOPE} rows={rows} href={(f) => fileDetailPath(f.id)} selected={selected} onSelect={setSelected} />
      )}
      {list.data && (
        <FileListPager
          page={page}
          hasMore={list.data.has_more}
          onChange={(p) => {
            setPage(p);
            setSelected([]);
          }}
        />
      )}
    </section>
  );
}
