import { mergeRsbuildConfig } from '@rsbuild/core';
import base from './rsbuild.config';
export default mergeRsbuildConfig(base, { output: { distPath: { root: '/tmp/homejs-analyze' }, sourceMap: { js: 'source-map' } } });
