import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, EmptyState, Spinner, useModal } from '@portal/ui';
import { formatFileSize } from '@portal/content/files';
import { downloadByLink, useShowActionError } from '@portal/content/kit';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@portal/api-client/browser';
import { invalidateChats, useChatStorage, useGallery } from '../../api/chat';
import { ChatFileView } from '../MessageItem/MessageItem';
import { download } from '../../lib/files';
import { ImageViewer } from '../ImageViewer/ImageViewer';

/** The chat's files and images: download one or several (one zip), delete one's own. */
export function Gallery({ chatId, meId, onClose }: { chatId: number; meId: number | undefined; onClose: () => void }) {
  const { t } = useTranslation('chat');
  const id = useId();
  const gallery = useGallery(chatId);
  const storage = useChatStorage(chatId);
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const modal = useModal();
  const qc = useQueryClient();
  const showError = useShowActionError();
  const files = gallery.data?.data ?? [];
  const images = files.filter((f) => f.has_thumbnail);
  const [viewing, setViewing] = useState<number | null>(null);

  const zip = async () => {
    setBusy(true);
    try {
      await downloadByLink({ path: `/group-chat-gallery/${chatId}/download-files`, body: { file_ids: [...picked] } }, 'files.zip');
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };
  const remove = async (messageId: number) => {
    if (!(await modal.confirm({ message: t('gallery.delete_confirm'), destructive: true }))) return;
    try {
      await api.call('deleteChatFileMessage', { params: { id: chatId, msgId: messageId } });
      await invalidateChats(qc);
    } catch (err) {
      showError(err);
    }
  };

  return (
    <Dialog titleId={`${id}-t`} descriptionId={`${id}-d`} onDismiss={onClose} className="chat-dialog chat-gallery">
      <h2 id={`${id}-t`} className="chat-dialog__title">
        {t('gallery.title')}
      </h2>
      <div id={`${id}-d`} className="chat-gallery__storage">
        {storage.data && (
          <>
            <span>{t('gallery.storage', { percent: storage.data.percent })}</span>
            {storage.data.full ? (
              <strong role="alert"> {t('gallery.storage_full')}</strong>
            ) : storage.data.warning ? (
              <strong> {t('gallery.storage_warning')}</strong>
            ) : null}
          </>
        )}
      </div>
      {gallery.isPending ? (
        <Spinner />
      ) : files.length === 0 ? (
        <EmptyState message={t('gallery.empty')} />
      ) : (
        <ul className="chat-gallery__grid">
          {files.map((f) => (
            <li key={f.id} className="chat-gallery__item">
              <label className="chat-gallery__pick">
                <input
                  type="checkbox"
                  aria-label={t('gallery.select', { name: f.name })}
                  checked={picked.has(f.id)}
                  onChange={() => {
                    const next = new Set(picked);
                    if (!next.delete(f.id)) next.add(f.id);
                    setPicked(next);
                  }}
                />
              </label>
              <ChatFileView chatId={chatId} file={f} showImages onOpen={(file) => setViewing(images.indexOf(file))} />
              <span className="chat-gallery__meta">
                {f.uploader?.name ?? ''} · {formatFileSize(f.size)}
              </span>
              <span className="chat-gallery__actions">
                <button type="button" className="chat-link" onClick={() => void download(chatId, f).catch(showError)}>
                  {t('gallery.download', { name: f.name })}
                </button>
                {f.uploader?.id === meId && (
                  <button type="button" className="chat-link chat-link--danger" onClick={() => void remove(f.message_id)}>
                    {t('gallery.delete', { name: f.name })}
                  </button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {viewing !== null && viewing >= 0 && <ImageViewer chatId={chatId} files={images} start={viewing} onClose={() => setViewing(null)} />}
      <div className="chat-dialog__actions">
        <Button variant="secondary" onClick={onClose}>
          {t('gallery.close')}
        </Button>
        <Button onClick={() => void zip()} loading={busy} disabled={picked.size === 0}>
          {t('gallery.download_selected')}
        </Button>
      </div>
    </Dialog>
  );
}
