/** The usage month of an instant, in UTC, as YYYY-MM (the spec's currentMonth). */
export const monthOf = (instant: Date): string => instant.toISOString().slice(0, 7);

/** The calendar day of an instant, in UTC, as YYYY-MM-DD. */
export const dayOf = (instant: Date): string => instant.toISOString().slice(0, 10);
