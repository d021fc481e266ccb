import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, EmptyState, Spinner, useDocumentTitle } from '@portal/ui';
import { Tabs } from '@portal/ui/kit';
import { FileListPager, FileTable, groupFileScope, StorageBar, useFileStorage, useStoredFileSort } from '@portal/content/files';
import { SortSelect } from '@portal/content/kit';
import { usePageSize } from '../../api/group';
import { useFileCounts, useFileFolders, useFileList, type FileListKind } from '../../api/files';
import { groupPath, useGroupArea } from '../area/context';
import { FileToolbar } from './FileToolbar';
import { FolderPanel } from './FolderPanel';

type View = 'all' | 'unread' | 'unclassified' | 'attachments' | 'bin' | `folder-${number}`;

function kindOf(view: View): FileListKind {
  if (view.startsWith('folder-')) return { folderId: Number(view.slice(7)) };
  return view === 'unread' ? 'all' : (view as Exclude<FileListKind, object>);
}

/** group/{id}/shared-folder: the file lists, folders, selection actions and storage use. */
export function SharedFolderPage() {
  const { t } = useTranslation('files');
  const title = t('title');
  useDocumentTitle(title);
  const { groupId, rights } = useGroupArea();
  const scope = groupFileScope(groupId);
  const limit = usePageSize();
  const [view, setView] = useState<View>('all');
  const [sort, setSort] = useState(useStoredFileSort(scope));
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const counts = useFileCounts(groupId);
  const folders = useFileFolders(groupId);
  const storage = useFileStorage(scope);
  const full = Boolean(storage.data?.group?.full || storage.data?.company?.full);
  const list = useFileList(groupId, kindOf(view), { page, limit, unreadOnly: view === 'unread', ...sort });
  const rows = list.data?.data ?? [];
  const canEdit = rights.edit_shared_folder;
  const folderList = folders.data ?? [];
  const currentFolder = view.startsWith('folder-') ? (folderList.find((f) => `folder-${f.id}` === view) ?? null) : null;

  const show = (v: string) => {
    setView(v as View);
    setPage(1);
    setSelected([]);
  };
  const c = counts.data;
  const tabs = [
    { id: 'all', label: t('tabs.all', { count: c?.all ?? 0 }) },
    { id: 'unread', label: t('tabs.unread', { count: c?.unread ?? 0 }) },
    { id: 'unclassified', label: t('tabs.unclassified', { count: c?.unclassified ?? 0 }) },
    { id: 'attachments', label: t('tabs.attachments', { count: c?.attachments ?? 0 }) },
    { id: 'bin', label: t('tabs.bin', { count: c?.in_bin ?? 0 }) },
    ...folderList.map((f) => ({ id: `folder-${f.id}`, label: t('tabs.folder', { name: f.name, count: f.file_count }) })),
  ];

  return (
    <section aria-labelledby="pfile-title" className="pfile-page">
      <header className="pfile-page__head">
        <h1 id="pfile-title" className="pui-page-title">
          {title}
        </h1>
        {canEdit &&
          // A full group or company refuses every upload: say so here rather than after the bytes are sent.
          (full ? (
            <Button disabled title={t('storage.full')}>
              {t('actions.upload')}
            </Button>
          ) : (
            <Link className="pui-btn pui-btn--primary pui-btn--md" to={groupPath(groupId, 'shared-folder/file-create')}>
              {t('actions.upload')}
            </Link>
          ))}
      </header>
      {storage.data?.group && <StorageBar usage={storage.data.group} company={storage.data.company} />}
      <Tabs items={tabs} value={view} onChange={show} label={t('tabs.label')} />
      {canEdit && <FolderPanel groupId={groupId} folders={folderList} current={currentFolder} onDeleted={() => show('all')} />}
      <SortSelect
        value={sort}
        onChange={(next) => {
          setSort(next);
          setPage(1);
        }}
      />
      <FileToolbar
        groupId={groupId}
        view={view}
        selected={selected}
        folders={folderList}
        canEdit={canEdit}
        isAdmin={rights.admin}
        binCount={c?.in_bin ?? 0}
        onDone={() => setSelected([])}
      />
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <p role="alert">{t('list.load_failed')}</p>
      ) : rows.length === 0 ? (
        <EmptyState message={t(view === 'bin' ? 'list.empty_bin' : 'list.empty')} />
      ) : (
        <FileTable
          scope={scope}
          rows={rows}
          href={(f) => groupPath(groupId, `shared-folder/file/${f.id}`)}
          selected={selected}
          onSelect={setSelected}
        />
      )}
      {list.data && <FileListPager page={page} hasMore={list.data.has_more} onChange={setPage} />}
    </section>
  );
}
