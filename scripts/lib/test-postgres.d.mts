/** Types of ./test-postgres.mjs, for Vitest's global setup. */
export function startTestPostgres(): Promise<{ url: string; version: string; stop: () => Promise<void> }>;
