import { useEffect, useId, useRef, useState, type FocusEvent } from 'react';

/**
 * A button that shows and hides a panel (the header's menus, an order's actions): Escape closes
 * it and gives the focus back to the button; a click or the focus going elsewhere closes it too.
 */
export const useDisclosure = () => {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return {
    open,
    setOpen,
    root,
    panelId,
    /** Props of the element around button and panel. */
    rootProps: {
      ref: root,
      onBlur: (event: FocusEvent) => {
        // Only a move of the focus to somewhere else on the page closes it (not a click on text).
        const next = event.relatedTarget as Node | null;
        if (next && !root.current?.contains(next)) setOpen(false);
      },
    },
    /** Props of the button. */
    buttonProps: {
      ref: button,
      type: 'button' as const,
      'aria-expanded': open,
      'aria-controls': panelId,
      onClick: () => setOpen((o) => !o),
    },
    close: (focusButton = false) => {
      setOpen(false);
      if (focusButton) button.current?.focus();
    },
  };
};
