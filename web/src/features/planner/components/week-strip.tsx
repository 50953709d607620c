import type { TodayResponse } from '@stride/domain/contracts/planner';
import { formatMinutes } from '../../../lib/format';
import { dayOf, longDateOf, weekdayOf } from '../lib/plan-words';

/** Monday to Sunday of this week with the minutes planned each day; today is marked. */
export function WeekStrip({ week, today }: { readonly week: TodayResponse['week']; readonly today: string }) {
  const most = Math.max(60, ...week.map((day) => day.planned_minutes));
  return (
    <ol className="week-strip" aria-label="Minutes planned this week">
      {week.map((day) => (
        <li
          key={day.date}
          className={`week-strip__day${day.date === today ? ' is-today' : ''}`}
          aria-current={day.date === today ? 'date' : undefined}
        >
          <span className="week-strip__name" aria-hidden="true">
            {weekdayOf(day.date)} {dayOf(day.date)}
          </span>
          <span className="week-strip__bar" aria-hidden="true">
            <span
              className="week-strip__fill"
              style={{ height: `${Math.round((day.planned_minutes / most) * 100)}%` }}
            />
          </span>
          <span className="week-strip__minutes">
            <span className="visually-hidden">{longDateOf(day.date)}: </span>
            {day.planned_minutes > 0 ? formatMinutes(day.planned_minutes) : '—'}
          </span>
        </li>
      ))}
    </ol>
  );
}
