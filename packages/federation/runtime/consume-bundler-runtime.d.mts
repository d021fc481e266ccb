/** Types for consume-bundler-runtime.mjs: the default export of the bundler runtime package. */
type Fn = (...args: never[]) => unknown;
declare const federation: {
  runtime: Record<string, Fn>;
  instance: undefined;
  initOptions: undefined;
  bundlerRuntime: Record<string, Fn | undefined> & { S: Record<string, unknown> };
  attachShareScopeMap: Fn;
  bundlerRuntimeOptions: Record<string, unknown>;
};
export default federation;
