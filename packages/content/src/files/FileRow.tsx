import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FileRow as FileRowData } from '@portal/api-client/core';
import { formatDisplayDate } from '@portal/ui';
import { useApiImageSrc } from '../kit/imageSrc';
import { FileKindIcon } from './FileKindIcon';
import { formatFileSize } from './format';

export interface FileRowProps {
  file: FileRowData;
  href: string;
  selectable: boolean;
  selected: boolean;
  onToggle: (id: number) => void;
  /**
   * The API URL of the file's thumbnail, when the row should show it instead of the kind icon
   * (an image with a thumbnail, and the user's display setting allows pictures); else null.
   */
  thumbnail?: string | null;
}

/** The thumbnail once it has arrived; the kind icon while it loads or if it cannot be had. */
function RowPicture({ file, thumbnail }: { file: FileRowData; thumbnail: string | null }) {
  const { t } = useTranslation('files');
  const src = useApiImageSrc(thumbnail);
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) return <FileKindIcon kind={file.kind} />;
  return (
    <img className="pfile-thumb" src={src} alt={t(`kind.${file.kind}`)} loading="lazy" decoding="async" onError={() => setFailed(src)} />
  );
}

/** One line of a file list: select box, kind icon or thumbnail, title, size, uploader, date, read state. */
export function FileRow({ file, href, selectable, selected, onToggle, thumbnail = null }: FileRowProps) {
  const { t } = useTranslation('files');
  return (
    <tr className={file.is_read ? 'pfile-row' : 'pfile-row pfile-row--unread'}>
      {selectable && (
        <td>
          <input
            type="checkbox"
            checked={selected}
            onChange={() => onToggle(file.id)}
            aria-label={t('list.select', { title: file.title })}
          />
        </td>
      )}
      <td>
        <span className="pfile-row__title">
          <RowPicture file={file} thumbnail={thumbnail} />
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
