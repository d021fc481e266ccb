import { lazyPage } from '@portal/ui/kit';

// The editor pages carry Lexical (about 100 KB gzip); only people who write topics need it, so
// it loads when one of them opens, not with every group page.
export const TopicCreatePage = lazyPage(
  () => import('./TopicCreatePage'),
  (m) => m.TopicCreatePage,
);
export const TopicUpdatePage = lazyPage(
  () => import('./TopicUpdatePage'),
  (m) => m.TopicUpdatePage,
);
