import { checkTemplateCode, CODE_REASONS } from './template-code.ts';
import type { TemplateSettings, FieldProblem } from './template-settings.ts';
import { NAME_MAX_LENGTH } from './template-settings.ts';

// Copying a template: a new series with the source's settings and words, under its own code,
// name and English display name. Its performances are not copied (they belong to the source);
// its promotions, default prices and default fees only when asked.

export interface CopyRequest {
  readonly sourceId: number;
  readonly code: string;
  readonly name: string;
  readonly displayName: string;
  readonly copyFees: boolean;
  readonly copyPricing: boolean;
  readonly copyPromos: boolean;
}

export type CopyCheck =
  | { readonly ok: true; readonly settings: TemplateSettings }
  | { readonly ok: false; readonly problems: readonly FieldProblem[] };

/** The copy's settings: the source's, with the new code, name and English display name. */
export const copySettings = (source: TemplateSettings, request: CopyRequest): CopyCheck => {
  const problems: FieldProblem[] = [];
  const code = checkTemplateCode(request.code);
  if (!code.ok) problems.push({ field: 'Code', reason: CODE_REASONS[code.reason] });
  const name = request.name.trim();
  if (name === '') problems.push({ field: 'Name', reason: 'Please enter a name.' });
  else if (name.length > NAME_MAX_LENGTH)
    problems.push({ field: 'Name', reason: `A name has at most ${NAME_MAX_LENGTH} characters.` });
  const displayName = request.displayName.trim();
  if (displayName === '') problems.push({ field: 'DisplayName', reason: 'Please enter the display name.' });
  if (!code.ok || problems.length > 0) return { ok: false, problems };
  const english = source.texts.en ?? { displayName: null, description: null, confirmationEmailText: null };
  return {
    ok: true,
    settings: {
      ...source,
      code: code.code,
      name,
      texts: { ...source.texts, en: { ...english, displayName } },
    },
  };
};
