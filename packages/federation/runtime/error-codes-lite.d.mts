// Same exports as @module-federation/error-codes (see error-codes-lite.mjs).
export * from '@module-federation/error-codes';
