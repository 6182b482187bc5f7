/**
 * The one source of "now" for server rules. Tests move it with setClock/advanceClock so phase
 * windows, expiries and cooldowns are exercised without sleeping.
 */
let offsetMs = 0;
let frozen: number | null = null;

export function now(): Date {
  return new Date(frozen ?? Date.now() + offsetMs);
}

export function setClock(at: Date | null): void {
  frozen = at ? at.getTime() : null;
  offsetMs = 0;
}

export function advanceClock(ms: number): void {
  if (frozen !== null) frozen += ms;
  else offsetMs += ms;
}
