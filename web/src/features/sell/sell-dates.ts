// The selling screens' dates: URLs write MM-DD-YYYY (the storefront's form), a date input
// YYYY-MM-DD, and the API's LocalDate is the venue's wall clock (YYYY-MM-DDTHH:MM:SS).

/** MM-DD-YYYY -> YYYY-MM-DD for an <input type="date">; '' when it is not one. */
export const toDateInput = (us: string | undefined): string => {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(us ?? '');
  return m ? `${m[3]}-${m[1]}-${m[2]}` : '';
};

/** YYYY-MM-DD -> MM-DD-YYYY; '' when it is not one. */
export const fromDateInput = (iso: string): string => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[2]}-${m[3]}-${m[1]}` : '';
};

/** The venue's day of a LocalDate as MM-DD-YYYY. */
export const usDayOf = (localDate: string): string => fromDateInput(localDate.slice(0, 10));
