import { lazyPage } from '@portal/ui/kit';

// The editor pages carry Lexical (about 100 KB gzip); only authors of common topics need it.
export const CommonTopicCreatePage = lazyPage(
  () => import('./CommonTopicCreatePage'),
  (m) => m.CommonTopicCreatePage,
);
export const CommonTopicUpdatePage = lazyPage(
  () => import('./CommonTopicUpdatePage'),
  (m) => m.CommonTopicUpdatePage,
);
