/** Types for provide-bundler-runtime.mjs (a Module Federation runtime plugin of the shell). */
export default function provideBundlerRuntime(): { name: 'portal-provide-bundler-runtime' };
