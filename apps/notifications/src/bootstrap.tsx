import { mountRemoteDevHarness } from '@portal/ui/dev-harness';
import NotificationsRoutes from './routes';

// Stand-alone dev page of this remote (`npm run dev -w @portal/notifications`); the shell never loads it.
mountRemoteDevHarness(NotificationsRoutes, '/notification');
