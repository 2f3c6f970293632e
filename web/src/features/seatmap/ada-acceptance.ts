// The accessible-seating agreement is asked once per session: its acceptance is kept in
// sessionStorage under the key the storefront has always used.

export const ADA_SESSION_KEY = 'hasAcceptedADA';

export const hasAcceptedAda = (): boolean => {
  try {
    return sessionStorage.getItem(ADA_SESSION_KEY) === 'true';
  } catch {
    return false;
  }
};

export const rememberAdaAccepted = () => {
  try {
    sessionStorage.setItem(ADA_SESSION_KEY, 'true');
  } catch {
    // Without storage the buyer is asked again on the next accessible seat: safe.
  }
};
