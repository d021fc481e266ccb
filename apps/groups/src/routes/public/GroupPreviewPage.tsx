import { Link, useLocation, useParams } from 'react-router';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { ApiError, LetterColor } from '@portal/api-client/core';
import { $session } from '@portal/api-client/session';
import { translateError } from '@portal/i18n';
import { Avatar, Button, Spinner, useDocumentTitle } from '@portal/ui';
import { inviteIconUrl } from '../../api/inviteIcon';
import { useInvitePreview, useRequestToJoin } from '../../api/public';
import { registerUrl } from './registerUrl';
import '../groups.css';

/**
 * `./GroupPreview` at /group/:groupLink/preview (no login): the group behind an invite link or a
 * mail invitation. A logged-in user asks to join; anyone else registers or logs in first.
 */
export default function GroupPreviewPage() {
  // Both namespaces in one call, so the page suspends once for them (`errors` is not bundled).
  const { t } = useTranslation(['groups', 'errors', 'validation']);
  const { t: tErrors } = useTranslation('errors');
  useDocumentTitle(t('preview.title'));
  const link = useParams().groupLink ?? '';
  const { pathname } = useLocation();
  const loggedIn = Boolean(useStore($session).accessToken);
  const preview = useInvitePreview(link);
  const join = useRequestToJoin();

  if (preview.isPending) return <Spinner size="lg" />;
  if (preview.isError) {
    const code = preview.error instanceof ApiError ? preview.error.code : undefined;
    return (
      <section className="pgrp-public" aria-labelledby="pgrp-preview-title">
        <h1 id="pgrp-preview-title" className="pui-compact__title">
          {t('preview.title')}
        </h1>
        <p role="alert">{translateError(tErrors, code === 'LINK_UNUSABLE' ? code : undefined)}</p>
        <Link to="/">{t('actions.back_to_home')}</Link>
      </section>
    );
  }

  const { group, type, email } = preview.data;
  const joinCode = join.error instanceof ApiError ? join.error.code : join.isError ? 'generic' : null;
  // Spec section 8: a QR code or invite URL is used logged in. A visitor is told so before the
  // register/login choice, and a session that ended before the request gets the same words.
  const loginFirst = t('validation:qr_login_required');
  return (
    <section className="pgrp-public" aria-labelledby="pgrp-preview-title">
      <h1 id="pgrp-preview-title" className="pui-compact__title">
        {t('preview.title')}
      </h1>
      <div className={`pgrp-public__group pgrp-public__group--${group.letter_color === LetterColor.BLACK ? 'black' : 'white'}`}>
        {/* Initials when there is no uploaded icon or it cannot be loaded; the name is beside it. */}
        <Avatar
          className="pgrp-public__icon"
          src={inviteIconUrl(link, group.icon_image_small_path)}
          name={group.name}
          size="lg"
          decorative
        />
        <span className="pgrp-public__name">{group.name}</span>
      </div>
      <p className="pgrp-muted">{t('members.count', { count: group.member_count })}</p>
      {type === 'mail' && email && <p>{t('preview.invited_as', { email })}</p>}

      {join.isSuccess ? (
        <p role="status" className="pgrp-public__done">
          {tErrors('JOIN_REQUEST_SENT')}
        </p>
      ) : loggedIn ? (
        <>
          {joinCode && (
            <p role="alert" className="pui-field__error">
              {join.error instanceof ApiError && join.error.status === 401 ? loginFirst : translateError(tErrors, joinCode)}
            </p>
          )}
          <Button block loading={join.isPending} onClick={() => join.mutate(link)}>
            {t('preview.ask_to_join')}
          </Button>
        </>
      ) : (
        <div className="pgrp-public__actions">
          {type === 'link' && <p role="note">{loginFirst}</p>}
          <p>{t('preview.new_user_lead')}</p>
          <Link className="pui-btn pui-btn--primary pui-btn--md pui-btn--block" to={registerUrl(link, type)}>
            {t('preview.register')}
          </Link>
          <p>{t('preview.existing_user_lead')}</p>
          <Link className="pui-btn pui-btn--secondary pui-btn--md pui-btn--block" to={`/login?redirect=${encodeURIComponent(pathname)}`}>
            {t('preview.login')}
          </Link>
        </div>
      )}
    </section>
  );
}
