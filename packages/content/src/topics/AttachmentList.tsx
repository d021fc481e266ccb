import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TopicAttachment } from '@portal/api-client/core';
import { useModal, Button } from '@portal/ui';
import { useErrorStrings } from '@portal/ui/kit';
import { translateError } from '@portal/i18n';
import { FileKindIcon } from '../files/FileKindIcon';
import { formatFileSize } from '../files/format';
import { useShowActionError } from '../kit/useShowActionError';
import { downloadAttachment, downloadAttachmentZip, fitsInOneZip } from './attachments';
import type { TopicScope } from './scope';

interface AttachmentListProps {
  scope: TopicScope;
  topicId: number;
  topicTitle: string;
  files: TopicAttachment[];
  /** A comment's files: their own heading, zip name and is_comment_file on the zip. */
  comment?: boolean | undefined;
}

/**
 * A topic's attachments: name, size and kind; a click on a name downloads that file, and the
 * ticked ones download together as one zip (at most LIMITS.downloadTotalMb, checked here first).
 */
export function AttachmentList({ scope, topicId, topicTitle, files, comment = false }: AttachmentListProps) {
  const { t } = useTranslation('topics');
  const { t: te, afterLoad } = useErrorStrings();
  const ids = useId();
  const modal = useModal();
  const showError = useShowActionError();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState<number | 'zip' | null>(null);
  // Ids of files no longer attached (an edit elsewhere) must not stay selected.
  const chosen = files.filter((f) => selected.has(f.id));
  const allChosen = chosen.length === files.length;

  const run = async (what: number | 'zip', job: () => Promise<void>) => {
    if (busy !== null) return;
    setBusy(what);
    try {
      await job();
    } catch (err) {
      showError(err);
    } finally {
      setBusy(null);
    }
  };
  const zip = () => {
    if (!fitsInOneZip(chosen.map((f) => f.size))) {
      afterLoad(() => modal.error({ message: translateError(te, 'DOWNLOAD_OVER_LIMIT') }));
      return;
    }
    const name = comment ? t('comments.zip_name') : t('attachments.zip_name', { title: topicTitle });
    void run('zip', () =>
      downloadAttachmentZip(
        scope,
        chosen.map((f) => f.id),
        name,
        comment,
      ),
    );
  };
  const toggle = (id: number, on: boolean) =>
    setSelected((old) => {
      const next = new Set(old);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <section className="ptop-attachments" aria-labelledby={`${ids}-title`}>
      {comment ? (
        <h3 id={`${ids}-title`} className="ptop-row__meta">
          {t('comments.attachments_title', { count: files.length })}
        </h3>
      ) : (
        <h2 id={`${ids}-title`} className="ptop-section-title">
          {t('attachments.title', { count: files.length })}
        </h2>
      )}
      <label className="ptop-check">
        <input type="checkbox" checked={allChosen} onChange={(e) => setSelected(new Set(e.target.checked ? files.map((f) => f.id) : []))} />
        {t('attachments.select_all')}
      </label>
      <ul className="ptop-attachments__list">
        {files.map((f) => (
          <li key={f.id} className="ptop-attachments__item">
            <input
              type="checkbox"
              checked={selected.has(f.id)}
              aria-label={t('attachments.select', { name: f.name })}
              onChange={(e) => toggle(f.id, e.target.checked)}
            />
            <FileKindIcon kind={f.kind} size={24} />
            <Button
              variant="link"
              size="sm"
              className="ptop-attachments__name"
              loading={busy === f.id}
              title={t('attachments.download_hint')}
              onClick={() => void run(f.id, () => downloadAttachment(scope, topicId, f))}
            >
              {f.name}
            </Button>
            <span className="ptop-muted">{formatFileSize(f.size)}</span>
          </li>
        ))}
      </ul>
      <div className="ptop-detail__actions">
        <Button variant="secondary" size="sm" disabled={chosen.length === 0} loading={busy === 'zip'} onClick={zip}>
          {t('attachments.download_zip')}
        </Button>
        {chosen.length > 0 && <span className="ptop-muted">{t('attachments.selected', { count: chosen.length })}</span>}
      </div>
    </section>
  );
}
