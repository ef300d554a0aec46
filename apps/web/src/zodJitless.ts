/**
 * The server's Content-Security-Policy allows no eval (apps/server/src/plugins/security.ts). zod 4
 * probes `new Function` when it builds its first object schema (for a faster parser), and the browser
 * reports that probe as a violation even though zod catches the refusal. Every screen that reads a
 * value from a shared module with request schemas (the live connection's defaults, the chat's message
 * rule) builds those schemas, so the probe would fire on every signed-in page.
 *
 * The browser never needs that speed, so the app runs zod "jitless". zod keeps its configuration on
 * `globalThis.__zod_globalConfig` (shared by every copy of zod on a page) and reads `jitless` from it
 * before probing; seeding it here, first thing in main.tsx, sets it before any zod code runs without
 * putting zod itself into the first-paint bundle (`config()` would drag its compiler along). csp.spec.ts
 * fails if this ever stops working.
 */
import type { $ZodConfig } from 'zod/v4/core';

const scope = globalThis as typeof globalThis & { __zod_globalConfig?: Partial<$ZodConfig> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
