import type { TFunction } from 'i18next';
import type { EventHoldsAnswer } from '../../../../adapters/http/contract/holds.ts';

// The sentence after an apply: "Held 48 seats on Press. Skipped 2: in a customer's basket."

export const applyResultText = (
  t: TFunction<'admin'>,
  answer: EventHoldsAnswer,
  subclassName: string,
): string => {
  const done =
    answer.Action === 'release'
      ? t('holds.result.release', { count: answer.Applied })
      : t(answer.Action === 'hold' ? 'holds.result.hold' : 'holds.result.move', {
          count: answer.Applied,
          subclass: subclassName,
        });
  if (answer.Skipped.length === 0) return done;
  const skipped = answer.Skipped.reduce((n, g) => n + g.Count, 0);
  const reasons =
    answer.Skipped.length === 1
      ? t(`holds.reason.${answer.Skipped[0]!.Reason}`)
      : answer.Skipped.map((g) =>
          t('holds.reasonCount', { count: g.Count, reason: t(`holds.reason.${g.Reason}`) }),
        ).join(t('holds.listSeparator'));
  return `${done} ${t('holds.result.skipped', { count: skipped, reasons })}`;
};
