import { SettingLinks } from '../components/SettingLinks';

/**
 * `./SettingMenu`: the navbar Setting pick menu's content. `onNavigate` lets the shell close the
 * menu after a choice; without it the shell's route-change handling closes it.
 */
export default function SettingMenu({ onNavigate }: { onNavigate?: () => void }) {
  return <SettingLinks variant="menu" onNavigate={onNavigate} />;
}
