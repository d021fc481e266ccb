import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '@portal/i18n';
import { LIMITS } from '@portal/api-client/core';
import { Button, useDocumentTitle, useModal } from '@portal/ui';
import { formatDateTime } from '../../lib/format';
import { useShowActionError } from '@portal/content/kit';
import { useCheckMails, useInviteMembers } from '../../api/invitations';
import { useGroupArea } from '../area/context';
import { InvitePermissionForm } from './InvitePermissionForm';
import { MAX_MAILS, parseMails } from './mailList';

type Checked = { email: string; state: 'member' | 'invited' | 'registered' | 'new' | 'other_company' }[];
type Sent = { id: number; email: string; expires_at: number }[];

/** The API refuses the whole list if it holds one of these, so they are left out of the send. */
const NOT_INVITABLE = new Set(['member', 'other_company']);

/**
 * members/qr-code-invite-auth: invite by e-mail (addresses are checked first, then one mail each
 * is sent) and the invitation setting (who may invite).
 */
export function InviteByMailPage() {
  const { t, i18n } = useTranslation('groups');
  const title = t('routes.qr_code_invite_auth');
  useDocumentTitle(title);
  const { groupId } = useGroupArea();
  const modal = useModal();
  const showError = useShowActionError();
  const check = useCheckMails(groupId);
  const invite = useInviteMembers(groupId);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [sent, setSent] = useState<Sent | null>(null);
  const invitable = checked?.filter((c) => !NOT_INVITABLE.has(c.state)).map((c) => c.email) ?? [];

  const onCheck = async () => {
    setSent(null);
    setChecked(null);
    const { valid, invalid } = parseMails(text);
    if (invalid.length > 0) return setProblem(t('mail.invalid', { mails: invalid.join(', ') }));
    if (valid.length === 0) return setProblem(t('mail.required'));
    if (valid.length > MAX_MAILS) return setProblem(t('mail.too_many', { max: MAX_MAILS }));
    setProblem(null);
    try {
      setChecked(await check.mutateAsync(valid));
    } catch (err) {
      showError(err);
    }
  };

  const onSend = async () => {
    if (invitable.length === 0) return;
    try {
      const result = await invite.mutateAsync({ mails: invitable, lang: isLanguage(i18n.language) ? i18n.language : 'ja' });
      setSent(result);
      setChecked(null);
      setText('');
      modal.success({ message: t('mail.sent', { count: result.length }) });
    } catch (err) {
      showError(err);
    }
  };

  return (
    <section aria-labelledby="pgrp-mail-title">
      <h1 id="pgrp-mail-title" className="pui-page-title">
        {title}
      </h1>
      <div className="pgrp-form pgrp-section">
        <label className="pui-field__label" htmlFor="pgrp-mails">
          {t('mail.label')}
        </label>
        <textarea
          id="pgrp-mails"
          className="pui-input"
          value={text}
          aria-describedby="pgrp-mails-hint"
          aria-invalid={problem ? true : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setChecked(null);
          }}
        />
        <p id="pgrp-mails-hint" className="pui-field__hint">
          {t('mail.hint', { days: LIMITS.invitationExpiryDays })}
        </p>
        {problem && (
          <p role="alert" className="pui-field__error">
            {problem}
          </p>
        )}
        <div className="pgrp-actions">
          <Button variant="secondary" loading={check.isPending} onClick={() => void onCheck()}>
            {t('mail.check')}
          </Button>
        </div>
      </div>

      {checked && (
        <section className="pgrp-section" aria-labelledby="pgrp-mail-check-title">
          <h2 id="pgrp-mail-check-title" className="pgrp-section-title">
            {t('mail.check_title')}
          </h2>
          <table className="pgrp-table">
            <tbody>
              {checked.map((c) => (
                <tr key={c.email}>
                  <td>{c.email}</td>
                  <td>{t(`mail.state.${c.state}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="pgrp-actions pgrp-section">
            <Button loading={invite.isPending} disabled={invitable.length === 0} onClick={() => void onSend()}>
              {t('mail.send', { count: invitable.length })}
            </Button>
          </div>
        </section>
      )}

      {sent && (
        <section className="pgrp-section" aria-labelledby="pgrp-mail-sent-title">
          <h2 id="pgrp-mail-sent-title" className="pgrp-section-title">
            {t('mail.sent_title')}
          </h2>
          <ul>
            {sent.map((s) => (
              <li key={s.id}>
                {s.email} — {t('mail.expires', { date: formatDateTime(s.expires_at) })}
              </li>
            ))}
          </ul>
        </section>
      )}

      <InvitePermissionForm />
    </section>
  );
}
