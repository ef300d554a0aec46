/** How much longer than on a quiet 2-core workstation the suite may take here (see fixtures.ts `budget`). */
export const TIME_SCALE = (() => {
  const asked = Number(process.env.E2E_TIME_SCALE);
  if (Number.isFinite(asked) && asked > 0) return asked;
  return process.env.CI ? 2 : 1;
})();

/** `ms` on a quiet machine, scaled by TIME_SCALE. */
export const budget = (ms: number): number => Math.round(ms * TIME_SCALE);
