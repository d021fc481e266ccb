import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { $blockUi } from './block-ui';

/**
 * Mount once (the shell does): shows the wait cursor on the body while anything holds the block
 * and, when asked, a transparent cover that swallows clicks.
 */
export function BlockUi() {
  const { active, blockBody } = useStore($blockUi);
  const { t } = useTranslation('ui');

  useEffect(() => {
    if (!active) return;
    const body = document.body;
    const previous = body.style.cursor;
    body.style.cursor = 'wait';
    body.setAttribute('aria-busy', 'true');
    return () => {
      body.style.cursor = previous;
      body.removeAttribute('aria-busy');
    };
  }, [active]);

  if (!active || !blockBody) return null;
  return (
    <div className="pui-block-ui" data-testid="pui-block-ui" role="status" aria-live="polite">
      <span className="pui-visually-hidden">{t('block_ui.busy')}</span>
    </div>
  );
}
