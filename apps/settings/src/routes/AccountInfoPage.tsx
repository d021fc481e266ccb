import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorFallback, LastLogin, Spinner, useDocumentTitle } from '@portal/ui';
import { LineLink } from '../components/LineLink';
import { MyAvatar } from '../components/MyAvatar';
import { useMyProfile } from '../api/profile';
import { SETTINGS_BASE } from './pages';

/** /setting/account-info: who the caller is, with links to change the e-mail and password. */
export function AccountInfoPage() {
  const { t } = useTranslation('settings');
  const title = t('pages.account_info');
  useDocumentTitle(title);
  const q = useMyProfile();

  const heading = (
    <h1 id="pset-account-title" className="pui-page-title">
      {title}
    </h1>
  );
  if (!q.data) {
    return (
      <section className="pset-page" aria-labelledby="pset-account-title">
        {heading}
        {q.isError ? <ErrorFallback error={q.error} onRetry={() => void q.refetch()} /> : <Spinner />}
      </section>
    );
  }
  const { info, profile } = q.data;
  const name = `${profile.last_name} ${profile.first_name}`.trim() || 'User';
  const kana = `${profile.last_name_kana} ${profile.first_name_kana}`.trim();
  const rows: [string, React.ReactNode][] = [
    [t('account.name'), name],
    [t('account.kana'), kana || '—'],
    [t('account.employee_number'), info.employee_number],
    [t('account.company'), info.company_name],
    [
      t('account.email'),
      <>
        {info.email} <Link to={`${SETTINGS_BASE}/change-email`}>{t('account.change_email')}</Link>
      </>,
    ],
    ...[info.second_email, info.third_email].flatMap((email, i): [string, React.ReactNode][] =>
      email ? [[t('account.sub_email', { n: i + 2 }), email]] : [],
    ),
    [
      t('account.password'),
      <Link key="password" to={`${SETTINGS_BASE}/change-password`}>
        {t('account.change_password')}
      </Link>,
    ],
    [t('account.last_login'), <LastLogin key="last-login" value={info.last_login_at} />],
  ];

  return (
    <section className="pset-page" aria-labelledby="pset-account-title">
      {heading}
      <div className="pset-account">
        <MyAvatar path={profile.avatar} name={name} />
        <dl className="pset-dl">
          {rows.map(([label, value]) => (
            <div key={label} className="pset-dl__row">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
          <LineLink />
        </dl>
      </div>
      <p>
        <Link to={`${SETTINGS_BASE}/change-info`}>{t('account.edit_profile')}</Link>
      </p>
      <p>
        <Link to="/withdraw">{t('account.withdraw')}</Link>
      </p>
    </section>
  );
}
