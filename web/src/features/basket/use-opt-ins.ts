import { useEffect, useState } from 'react';
import { fetchMarketingOptIns, type MarketingOptIn } from './basket-api.ts';
import { savedOptIns, saveOptIns } from './basket-session.ts';

/**
 * The marketing opt-ins offered for these series and the buyer's choice, kept per basket in the
 * session so the basket page and the payment page show the same ticks. None offered (or the call
 * failed): an empty list, and the order goes ahead without them.
 */
export const useOptIns = (basketId: string, eventTemplateIds: readonly number[]) => {
  const [optIns, setOptIns] = useState<readonly MarketingOptIn[]>([]);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const templateKey = [...new Set(eventTemplateIds)].join(',');
  useEffect(() => {
    const controller = new AbortController();
    const ids = templateKey ? templateKey.split(',').map(Number) : [];
    fetchMarketingOptIns(ids, controller.signal).then(
      (list) => {
        setOptIns(list);
        setChosen(
          new Set(savedOptIns(basketId) ?? list.filter((o) => o.checked).map((o) => o.customerTagId)),
        );
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [basketId, templateKey]);

  const toggle = (tagId: number, checked: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (checked) next.add(tagId);
      else next.delete(tagId);
      saveOptIns(basketId, [...next]);
      return next;
    });

  return { optIns, chosen, toggle };
};
