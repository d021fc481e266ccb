import { useId } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@portal/ui';
import { SearchForm } from './SearchForm';
import { EMPTY_FORM, toUrlParams } from './searchParams';

/** The header's search modal: the conditions, then /search-result with all of them in the URL. */
export function SearchDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const titleId = useId();
  return (
    <Dialog titleId={titleId} descriptionId={titleId} onDismiss={onClose} className="shell-search-modal">
      <h2 id={titleId} className="pui-modal__title">
        {t('title')}
      </h2>
      <SearchForm
        initial={EMPTY_FORM}
        onCancel={onClose}
        onSubmit={(values) => {
          onClose();
          navigate(`/search-result?${toUrlParams(values).toString()}`);
        }}
      />
    </Dialog>
  );
}

export default SearchDialog;
