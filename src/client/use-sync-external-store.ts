/**
 * wouter imports `use-sync-external-store/shim`, a polyfill for React 17 and older; React 19 has the hook itself.
 * vite.config.ts points the shim here, which saves its code in the vendor chunk (issue 20: JS before interactive).
 */
export { useSyncExternalStore } from 'react';
