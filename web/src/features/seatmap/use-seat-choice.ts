import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasAcceptedAda, rememberAdaAccepted } from './ada-acceptance.ts';
import type { MapSeat, SeatModel } from './seat-model.ts';
import type { PricingData } from './seatmap-api.ts';
import {
  applyDecision,
  decideSeat,
  keepAvailable,
  type Answers,
  type GaPick,
  type SelectedSeat,
  type SelectionRules,
} from './selection.ts';
import type { ToastTone } from './toasts.tsx';

// The buyer's choice on this screen: seats, GA quantities and the question a seat may need
// answered first (selection.ts decides; this keeps the state and says what happened).

export type Question =
  | { readonly kind: 'ada'; readonly seat: MapSeat; readonly answers: Answers }
  | { readonly kind: 'alert'; readonly seat: MapSeat; readonly answers: Answers; readonly alertId: number }
  | {
      readonly kind: 'package';
      readonly seat: MapSeat;
      readonly answers: Answers;
      readonly packageIds: readonly number[];
    };

const samePick = (a: GaPick, b: GaPick) => a.sectionKey === b.sectionKey && a.priceTypeId === b.priceTypeId;

export const useSeatChoice = (input: {
  model: SeatModel;
  rules: SelectionRules;
  pricing: PricingData;
  limitMessage: string;
  seatName: (seat: MapSeat) => string;
  toast: (text: string, tone?: ToastTone, title?: string) => void;
}) => {
  const { t } = useTranslation();
  const { model, rules, pricing, limitMessage, seatName, toast } = input;
  const [selected, setSelected] = useState<readonly SelectedSeat[]>([]);
  const [ga, setGa] = useState<readonly GaPick[]>([]);
  const [question, setQuestion] = useState<Question | null>(null);
  /** The last thing said about the choice, for screen readers. */
  const [announcement, setAnnouncement] = useState('');
  const selectedKeys = useMemo(() => new Set(selected.map((s) => s.key)), [selected]);

  // A seat taken while the buyer looked (the inventory was read again): say so and let it go.
  const latest = useRef(selected);
  latest.current = selected;
  useEffect(() => {
    const { kept, dropped } = keepAvailable(latest.current, model.byKey);
    if (dropped.length === 0) return;
    setSelected(kept);
    toast(t('seatmap.cart.taken'), 'error');
  }, [model, toast, t]);

  const say = useCallback(
    (text: string, tone: ToastTone, withToast: boolean) => {
      setAnnouncement(text);
      if (withToast) toast(text, tone);
    },
    [toast],
  );

  const activate = useCallback(
    (seat: MapSeat, answers: Answers = { adaAccepted: hasAcceptedAda() }) => {
      const decision = decideSeat(seat, selected, ga, rules, answers);
      switch (decision.kind) {
        case 'refuse':
          say(
            decision.reason === 'limit'
              ? limitMessage
              : t(`seatmap.refuse.${decision.reason}`, { seat: seatName(seat) }),
            'error',
            true,
          );
          return;
        case 'askAdaAgreement':
          setQuestion({ kind: 'ada', seat, answers });
          return;
        case 'askAlert':
          setQuestion({ kind: 'alert', seat, answers, alertId: decision.alertId });
          return;
        case 'askPackage':
          setQuestion({ kind: 'package', seat, answers, packageIds: decision.packageIds });
          return;
        case 'select': {
          setSelected(applyDecision(selected, seat.key, decision));
          setQuestion(null);
          // An alert that needs no acknowledgement is still worth reading.
          const alert = pricing.SeatAlertValues.find((a) => a.ID === seat.alertId);
          if (alert && !alert.RequiresAcknowledgement) toast(alert.Message, 'info', alert.Name);
          say(t('seatmap.announce.selected', { seat: seatName(seat) }), 'success', false);
          return;
        }
        case 'deselect':
          setSelected(applyDecision(selected, seat.key, decision));
          say(t('seatmap.announce.removed', { seat: seatName(seat) }), 'info', false);
          return;
      }
    },
    [selected, ga, rules, limitMessage, seatName, pricing, t, say, toast],
  );

  /** The buyer answered the question: ask again with the answer (the next question may follow). */
  const answer = (extra: Partial<Answers>) => {
    if (!question) return;
    if (extra.adaAccepted) rememberAdaAccepted();
    setQuestion(null);
    activate(question.seat, { ...question.answers, ...extra });
  };

  return {
    selected,
    selectedKeys,
    ga,
    question,
    announcement,
    activate,
    acceptAda: () => answer({ adaAccepted: true }),
    acknowledgeAlert: () => answer({ alertAcknowledged: true }),
    choosePackage: (packageId: number | null) => answer({ packageId }),
    dismissQuestion: () => setQuestion(null),
    removeSeat: (key: string) => setSelected((list) => list.filter((s) => s.key !== key)),
    setPriceType: (key: string, priceTypeId: number) =>
      setSelected((list) => list.map((s) => (s.key === key ? { ...s, priceTypeId } : s))),
    setGaPick: (pick: GaPick) =>
      setGa((picks) => [...picks.filter((p) => !samePick(p, pick)), ...(pick.quantity > 0 ? [pick] : [])]),
    removeGaPick: (pick: GaPick) => setGa((picks) => picks.filter((p) => !samePick(p, pick))),
    /** Says something about the choice: to screen readers, and as a toast. */
    say: (text: string, tone: ToastTone = 'info') => say(text, tone, true),
  };
};
