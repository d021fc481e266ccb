import { mountRemoteDevHarness } from '@portal/ui/dev-harness';
import ChatRoutes from './routes';

// Stand-alone dev page of this remote (`npm run dev -w @portal/chat`); the shell never loads it.
mountRemoteDevHarness(ChatRoutes, '/chat');
