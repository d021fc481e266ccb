import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FileRow as FileRowData } from '@portal/api-client/core';
import { formatDisplayDate } from '@portal/ui';
import { FileKindIcon } from '../FileKindIcon';

const KB = 1024;
const MB = KB * 1024;

/** Sizes as the spec shows them: KB below 1 MB (at least 1 KB when not empty), MB above, one decimal. */
export function formatFileSize(bytes: number): string {
  if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`;
  if (bytes === 0) return '0 KB';
  return `${Math.max(1, Math.round(bytes / KB))} KB`;
}

export interface FileRowProps {
  file: FileRowData;
  href: string;
  selectable: boolean;
  selected: boolean;
  onToggle: (id: number) => void;
}

/** One line of the shared-folder list: select box, kind icon, title, size, uploader, date, read state. */
export function FileRow({ file, href, selectable, selected, onToggle }: FileRowProps) {
  const { t } = useTranslation('files');
  return (
    <tr className={file.is_read ? 'pfile-row' : 'pfile-row pfile-row--unread'}>
      {selectable && (
        <td>
          <input type="checkbox" checked={selected} onChange={() => onToggle(file.id)} aria-label={t('list.select', { title: file.title })} />
        </td>
      )}
      <td>
        <span className="pfile-row__title">
          <FileKindIcon kind={file.kind} />
          <Link to={href}>{file.title}</Link>
          {!file.is_read && <span className="pfile-unread">{t('list.unread_mark')}</span>}
        </span>
      </td>
      <td>{formatFileSize(file.size)}</td>
      <td>{file.uploader}</td>
      <td>{formatDisplayDate(file.updated_at)}</td>
    </tr>
  );
}
