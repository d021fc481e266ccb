import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorFallback, Spinner, useDocumentTitle } from '@portal/ui';
import { Tabs } from '@portal/ui/kit';
import { useMyProfile } from '../../api/profile';
import { CompanyInfoForm } from './CompanyInfoForm';
import { PersonalInfoForm } from './PersonalInfoForm';
import { ProfileForm } from './ProfileForm';

const TABS = ['profile', 'company', 'personal'] as const;
type Tab = (typeof TABS)[number];

/** /setting/change-info: profile, company and personal information, each saved on its own. */
export function ChangeInfoPage() {
  const { t } = useTranslation('settings');
  const title = t('pages.change_info');
  useDocumentTitle(title);
  const q = useMyProfile();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((x) => x === params.get('tab')) ?? 'profile';

  return (
    <section className="pset-page" aria-labelledby="pset-info-title">
      <h1 id="pset-info-title" className="pui-page-title">
        {title}
      </h1>
      <Tabs
        label={title}
        items={TABS.map((id) => ({ id, label: t(`info.tabs.${id}`), panelId: 'pset-info-panel' }))}
        value={tab}
        onChange={(id) => setParams({ tab: id }, { replace: true })}
      />
      <div id="pset-info-panel" role="tabpanel" className="pset-info-panel">
        {q.isPending && <Spinner />}
        {q.isError && <ErrorFallback error={q.error} onRetry={() => void q.refetch()} />}
        {q.data && tab === 'profile' && <ProfileForm data={q.data} />}
        {q.data && tab === 'company' && <CompanyInfoForm data={q.data} />}
        {q.data && tab === 'personal' && <PersonalInfoForm data={q.data} />}
      </div>
    </section>
  );
}
