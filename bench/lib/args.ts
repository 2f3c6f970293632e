/** `--name N` from a benchmark's arguments: a positive whole number, or the fallback. */
export const positiveArg = (args: readonly string[], name: string, fallback: number): number => {
  const i = args.indexOf(`--${name}`);
  const parsed = i >= 0 ? Number(args[i + 1]) : fallback;
  if (!Number.isInteger(parsed) || parsed <= 0) throw new Error(`--${name} must be a positive whole number`);
  return parsed;
};
