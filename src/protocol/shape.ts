/**
 * The building blocks of the hand-written protocol validators: each reads one field of an
 * untrusted object and throws `Invalid` naming the field when it has the wrong type. Free of
 * 'vscode' and of the DOM, so the host, the webviews and unit tests share them.
 */

export type Validated<T> = { ok: true; value: T } | { ok: false; error: string };

export class Invalid extends Error {}

export type Obj = Record<string, unknown>;

export function obj(v: unknown, at: string): Obj {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Invalid(`${at}: expected an object`);
  return v as Obj;
}
export function str(o: Obj, k: string, at: string): string {
  const v = o[k];
  if (typeof v !== 'string') throw new Invalid(`${at}.${k}: expected a string`);
  return v;
}
export function optStr(o: Obj, k: string, at: string): void {
  if (o[k] !== undefined) str(o, k, at);
}
export function num(o: Obj, k: string, at: string): number {
  const v = o[k];
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new Invalid(`${at}.${k}: expected a finite number`);
  return v;
}
export function optNum(o: Obj, k: string, at: string): void {
  if (o[k] !== undefined) num(o, k, at);
}
export function int(o: Obj, k: string, at: string): number {
  const v = num(o, k, at);
  if (!Number.isInteger(v)) throw new Invalid(`${at}.${k}: expected an integer`);
  return v;
}
export function arr(o: Obj, k: string, at: string): unknown[] {
  const v = o[k];
  if (!Array.isArray(v)) throw new Invalid(`${at}.${k}: expected an array`);
  return v;
}
export function oneOf<T extends string>(o: Obj, k: string, values: readonly T[], at: string): T {
  const v = str(o, k, at);
  if (!(values as readonly string[]).includes(v)) throw new Invalid(`${at}.${k}: unexpected value ${JSON.stringify(v).slice(0, 40)}`);
  return v as T;
}

/** Runs a validator, turning `Invalid` into a result. */
export function run<T>(f: () => T): Validated<T> {
  try {
    return { ok: true, value: f() };
  } catch (e) {
    if (e instanceof Invalid) return { ok: false, error: e.message };
    throw e;
  }
}

