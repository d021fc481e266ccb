import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import { Button, Spinner, useConfirm, useDocumentTitle, useModal } from '@portal/ui';
import { useShowActionError } from '@portal/content/kit';
import { useInviteLink, useReissueInviteLink } from '../../api/invitations';
import { groupPath, useGroupArea } from '../area/context';

/** An SVG data URL: no canvas needed, crisp at any size, the same in the browser and in tests. */
async function qrDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** members/qr-code-invite: the group's invite link and its QR code; re-issuing kills the old one. */
export function QrInvitePage() {
  const { t } = useTranslation('groups');
  const title = t('routes.qr_code_invite');
  useDocumentTitle(title);
  const { groupId } = useGroupArea();
  const link = useInviteLink(groupId);
  const reissue = useReissueInviteLink(groupId);
  const confirm = useConfirm();
  const modal = useModal();
  const showError = useShowActionError();
  const [qr, setQr] = useState<{ url: string; src: string } | null>(null);
  const url = link.data?.url;

  useEffect(() => {
    if (!url) return;
    let live = true;
    qrDataUrl(url).then(
      (src) => live && setQr({ url, src }),
      () => live && setQr(null),
    );
    return () => {
      live = false;
    };
  }, [url]);

  const onReissue = async () => {
    const ok = await confirm({
      title: t('qr.reissue'),
      message: t('qr.reissue_confirm'),
      confirmLabel: t('qr.reissue'),
      destructive: true,
    });
    if (!ok) return;
    try {
      await reissue.mutateAsync();
      modal.success({ message: t('qr.reissued') });
    } catch (err) {
      showError(err);
    }
  };

  const onCopy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      modal.success({ message: t('qr.copied') });
    } catch {
      modal.info({ message: t('qr.copy_failed') });
    }
  };

  return (
    <section aria-labelledby="pgrp-qr-title">
      <h1 id="pgrp-qr-title" className="pui-page-title">
        {title}
      </h1>
      <p>{t('qr.lead')}</p>
      {link.isPending ? (
        <Spinner />
      ) : link.isError || !url ? (
        <p role="alert">{t('common.load_failed')}</p>
      ) : (
        <div className="pgrp-qr">
          {qr?.url === url ? <img src={qr.src} alt={t('qr.image_alt')} /> : <Spinner />}
          <div className="pgrp-section">
            <label className="pui-field__label" htmlFor="pgrp-invite-url">
              {t('qr.link_label')}
            </label>
            <div className="pgrp-link-box">
              <input id="pgrp-invite-url" className="pui-input" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
              <Button variant="secondary" onClick={() => void onCopy()}>
                {t('qr.copy')}
              </Button>
            </div>
            <p className="pgrp-muted">{t('qr.reissue_hint')}</p>
            <div className="pgrp-actions">
              <Button variant="danger" loading={reissue.isPending} onClick={() => void onReissue()}>
                {t('qr.reissue')}
              </Button>
              <Link className="pui-btn pui-btn--secondary pui-btn--md" to={groupPath(groupId, 'members/qr-code-invite-auth')}>
                {t('mail.open')}
              </Link>
            </div>
          </div>
        </div>
      )}
    </section>
  );
}
