import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BellIcon } from '../controls/icons';

type Permission = NotificationPermission | 'unsupported';

/** Fired on window when the user granted notifications from the bell. */
export const PERMISSION_EVENT = 'portal:notification-permission';

function currentPermission(): Permission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/**
 * Asks for browser notification permission — only on a click, never on page load. Shown only while the browser has not been asked
 * (`default`); once granted or denied the browser will not ask again, so the bell goes away.
 */
export function NotificationBell({ onChange }: { onChange?: (permission: NotificationPermission) => void }) {
  const { t } = useTranslation('ui');
  const [permission, setPermission] = useState<Permission>(currentPermission);
  if (permission !== 'default') return null;

  const ask = async () => {
    try {
      const result = await Notification.requestPermission();
      setPermission(result);
      onChange?.(result);
      // The shell subscribes this browser to Web Push once permission is granted (session/push.ts).
      if (result === 'granted') window.dispatchEvent(new Event(PERMISSION_EVENT));
    } catch {
      // Old Safari only supports the callback form; re-read whatever the browser decided.
      setPermission(currentPermission());
    }
  };

  return (
    <button
      type="button"
      className="pui-icon-button pui-bell"
      aria-label={t('notification_bell.label')}
      title={t('notification_bell.label')}
      onClick={ask}
    >
      <BellIcon />
    </button>
  );
}
