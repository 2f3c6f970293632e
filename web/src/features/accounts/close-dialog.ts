import type { MouseEvent } from 'react';

/**
 * Closes the <dialog> a button sits in, as its own close button does: the browser gives the focus
 * back to where it was before the dialog opened, then the modal's onClose removes it.
 */
export const closeDialog = (event: MouseEvent<HTMLElement>) => event.currentTarget.closest('dialog')?.close();
