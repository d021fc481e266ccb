import { mountRemoteDevHarness } from '@portal/ui/dev-harness';
import SettingsRoutes from './routes';

// Stand-alone dev page of this remote (`npm run dev -w @portal/settings`); the shell never loads it.
mountRemoteDevHarness(SettingsRoutes, '/setting');
