import { useId, useMemo, useState } from 'react';
import { useCurrentUser } from '../../../lib/current-user';
import { browserTimeZone, knownTimeZones } from '../../../lib/time-zone';
import { useChangeTimeZone } from '../api/change-time-zone';

/** The profile's time zone: days, streaks, "most productive hour" and the monthly reset follow it. */
export function TimeZoneSetting({ current }: { readonly current: string }) {
  const id = useId();
  const { patchUser, refresh } = useCurrentUser();
  const [choice, setChoice] = useState(current);
  const change = useChangeTimeZone();
  const zones = useMemo(() => knownTimeZones(current), [current]);
  const detected = browserTimeZone();

  const save = () =>
    change.mutate(choice, {
      onSuccess: ({ time_zone }) => {
        patchUser({ timeZone: time_zone });
        void refresh();
      },
    });

  return (
    <section className="card card--padded" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        Time zone
      </h2>
      <p className="muted">
        Your days, streaks, most productive hour and the monthly usage reset follow this time zone.
        {detected && detected !== current ? ` This device is set to ${detected}.` : null}
      </p>
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <label htmlFor={`${id}-zone`}>Your time zone</label>
        <select id={`${id}-zone`} value={choice} onChange={(event) => setChoice(event.target.value)}>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </select>
        <button
          type="submit"
          className="button button--secondary"
          disabled={change.isPending || choice === current}
          aria-busy={change.isPending}
        >
          {change.isPending ? 'Saving…' : 'Save time zone'}
        </button>
      </form>
      <p className="small" role="status">
        {change.isSuccess && choice === current ? `Time zone set to ${current.replaceAll('_', ' ')}.` : null}
      </p>
      {change.isError ? (
        <p className="form-error" role="alert">
          Couldn't save your time zone. Please try again.
        </p>
      ) : null}
    </section>
  );
}
