import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState, Spinner, Tabs, useDocumentTitle } from '@portal/ui';
import { usePageSize } from '../../api/group';
import { useFileCounts, useFileFolders, useFileList, useFileStorage, useStoredFileSort, type FileListKind } from '../../api/files';
import { FileRow } from '../../components/FileRow';
import { groupPath, useGroupArea } from '../area/context';
import { FileToolbar } from './FileToolbar';
import { FolderPanel } from './FolderPanel';
import { StorageBar } from './StorageBar';
import './files.css';

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
  const limit = usePageSize();
  const [view, setView] = useState<View>('all');
  const [sort, setSort] = useState(useStoredFileSort());
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const counts = useFileCounts(groupId);
  const folders = useFileFolders(groupId);
  const storage = useFileStorage(groupId);
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
        {canEdit && (
          <Link className="pui-btn pui-btn--primary pui-btn--md" to={groupPath(groupId, 'shared-folder/file-create')}>
            {t('actions.upload')}
          </Link>
        )}
      </header>
      {storage.data?.group && <StorageBar usage={storage.data.group} />}
      <Tabs items={tabs} value={view} onChange={show} label={t('tabs.label')} />
      {canEdit && <FolderPanel groupId={groupId} folders={folderList} current={currentFolder} onDeleted={() => show('all')} />}
      <label className="pfile-sort">
        {t('sort.label')}
        <select
          value={`${sort.orderBy}_${sort.sortedBy}`}
          onChange={(e) => {
            const [orderBy, sortedBy] = e.target.value.split('_') as ['update' | 'title', 'asc' | 'desc'];
            setSort({ orderBy, sortedBy });
            setPage(1);
          }}
        >
          {(['update_desc', 'update_asc', 'title_asc', 'title_desc'] as const).map((o) => (
            <option key={o} value={o}>
              {t(`sort.${o}`)}
            </option>
          ))}
        </select>
      </label>
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
        <table className="pgrp-table pfile-table">
          <thead>
            <tr>
              <th scope="col">
                <input
                  type="checkbox"
                  aria-label={t('list.select_all')}
                  checked={rows.every((r) => selected.includes(r.id))}
                  onChange={(e) => setSelected(e.target.checked ? rows.map((r) => r.id) : [])}
                />
              </th>
              <th scope="col">{t('list.title')}</th>
              <th scope="col">{t('list.size')}</th>
              <th scope="col">{t('list.uploader')}</th>
              <th scope="col">{t('list.date')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((f) => (
              <FileRow
                key={f.id}
                file={f}
                href={groupPath(groupId, `shared-folder/file/${f.id}`)}
                selectable
                selected={selected.includes(f.id)}
                onToggle={(id) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]))}
              />
            ))}
          </tbody>
        </table>
      )}
      {list.data && (page > 1 || list.data.has_more) && (
        <nav className="pgrp-pager" aria-label={t('pager.label')}>
          <button type="button" className="pui-btn pui-btn--secondary pui-btn--sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('pager.previous')}
          </button>
          <span aria-live="polite">{t('pager.page', { page })}</span>
          <button type="button" className="pui-btn pui-btn--secondary pui-btn--sm" disabled={!list.data.has_more} onClick={() => setPage(page + 1)}>
            {t('pager.next')}
          </button>
        </nav>
      )}
    </section>
  );
}
