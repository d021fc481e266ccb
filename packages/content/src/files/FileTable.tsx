import { useTranslation } from 'react-i18next';
import { API_PREFIX, type FileRow as FileRowData } from '@portal/api-client/core';
import { useShowsImages } from './hooks';
import { FileRow } from './FileRow';
import { filePaths, type FileScope } from './scope';

export interface FileTableProps {
  scope: FileScope;
  rows: FileRowData[];
  /** The detail page of a row. */
  href: (file: FileRowData) => string;
  selected: number[];
  onSelect: (ids: number[]) => void;
}

/**
 * One page of files with select boxes (the selection feeds the zip download and, where the
 * caller allows, moves and deletes). Images show their thumbnail when the user's display
 * setting allows pictures.
 */
export function FileTable({ scope, rows, href, selected, onSelect }: FileTableProps) {
  const { t } = useTranslation('files');
  const showsImages = useShowsImages();
  const paths = filePaths(scope);
  const toggle = (id: number) => onSelect(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  return (
    <table className="pfile-table">
      <thead>
        <tr>
          <th scope="col">
            <input
              type="checkbox"
              aria-label={t('list.select_all')}
              checked={rows.length > 0 && rows.every((r) => selected.includes(r.id))}
              onChange={(e) => onSelect(e.target.checked ? rows.map((r) => r.id) : [])}
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
            href={href(f)}
            selectable
            selected={selected.includes(f.id)}
            thumbnail={showsImages && f.has_thumbnail ? `${API_PREFIX}${paths.thumbnail(f)}` : null}
            onToggle={toggle}
          />
        ))}
      </tbody>
    </table>
  );
}
