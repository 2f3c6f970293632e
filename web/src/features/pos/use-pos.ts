import { useCallback, useEffect, useState } from 'react';
import { detectPos } from './pos.ts';
import type { PosState } from './pos-detect.ts';

/**
 * This counter's POS for a staff screen: null while the bridge is being asked, then whether it
 * answered. `check` asks again (a bridge started since).
 */
export const usePos = (): { pos: PosState | null; check: () => void } => {
  const [pos, setPos] = useState<PosState | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    void detectPos(round > 0).then((state) => {
      if (live) setPos(state);
    });
    return () => {
      live = false;
    };
  }, [round]);
  const check = useCallback(() => {
    setPos(null);
    setRound((r) => r + 1);
  }, []);
  return { pos, check };
};
