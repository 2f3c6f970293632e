// Whether a POS bridge answers this browser, read from its `ping` answer
// ({ Version, Paired, Origin, Name }). Pure.

export type PosState =
  | { readonly present: false }
  | {
      readonly present: true;
      readonly version: string;
      readonly paired: boolean;
      /** The counter's name the bridge was paired under. */
      readonly name: string | null;
      /** The bridge keeps a log from version 1.7.0 on: `log` is called only then. */
      readonly logs: boolean;
    };

export const NO_POS: PosState = { present: false };

/** The version that first took `log`. */
export const LOG_VERSION = '1.7.0';

const parts = (version: string): number[] | null => {
  const m = /^(\d+)\.(\d+)(?:\.(\d+))?/.exec(version.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)] : null;
};

/** `version` is `least` or later (major.minor.patch; anything unreadable is not). */
export const versionAtLeast = (version: string, least: string): boolean => {
  const a = parts(version);
  const b = parts(least);
  if (!a || !b) return false;
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return true;
};

/** A POS is there when ping answered 200 with a Version; anything else is no POS. */
export const posOfPing = (status: number, body: unknown): PosState => {
  if (status !== 200 || !body || typeof body !== 'object') return NO_POS;
  const { Version, Paired, Name } = body as Record<string, unknown>;
  if (typeof Version !== 'string' || Version === '') return NO_POS;
  return {
    present: true,
    version: Version,
    paired: Paired === true,
    name: typeof Name === 'string' && Name !== '' ? Name : null,
    logs: versionAtLeast(Version, LOG_VERSION),
  };
};
