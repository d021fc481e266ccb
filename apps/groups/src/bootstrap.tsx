import { mountRemoteDevHarness } from '@portal/ui/dev-harness';
import GroupsRoutes from './routes';

// Stand-alone dev page of this remote (`npm run dev -w @portal/groups`); the shell never loads it.
mountRemoteDevHarness(GroupsRoutes, '/group');
