import { mountRemoteDevHarness } from '@portal/ui/dev-harness';
import CommonTopicRoutes from './routes';

// Stand-alone dev page of this remote (`npm run dev -w @portal/common-topic`); the shell never loads it.
mountRemoteDevHarness(CommonTopicRoutes, '/common-topic');
