// Lets Node import the shell's components for prerender.tsx: a stylesheet import is a bundler
// concern (rsbuild emits the CSS), so in Node it becomes an empty module.
import { register } from 'node:module';

register(
  'data:text/javascript,' +
    encodeURIComponent(`
export async function load(url, context, next) {
  if (url.endsWith('.css')) return { format: 'module', source: 'export default {};', shortCircuit: true };
  return next(url, context);
}`),
);
