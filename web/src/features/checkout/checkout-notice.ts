// A message for the payment page from a page that sent the buyer back to it (an off-site
// payment that failed), shown once.

const KEY = 'foyer.checkout.notice';

export const rememberCheckoutNotice = (message: string): void => {
  try {
    sessionStorage.setItem(KEY, message);
  } catch {
    // storage blocked: the payment page opens without the reason
  }
};

export const takeCheckoutNotice = (): string | null => {
  try {
    const message = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return message;
  } catch {
    return null;
  }
};
