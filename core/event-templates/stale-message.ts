// The words of a save refused because someone else saved first (the API's Message; the screens
// say the same in the reader's language: eventTemplates.stale in the admin strings).
export const TEMPLATE_STALE_MESSAGE =
  'Someone else saved this template since you opened it. Nothing was changed: please reload to see their changes, then make yours again.';
