import { mountRemoteDevHarness } from '@portal/ui/dev-harness';
import CalendarRoutes from './routes';

// Stand-alone dev page of this remote (`npm run dev -w @portal/calendar`); the shell never loads it.
mountRemoteDevHarness(CalendarRoutes, '/calendar');
