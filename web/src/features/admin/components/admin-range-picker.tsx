import { DateRangePicker } from '../../../components/date-range-picker';
import { ADMIN_PRESETS, adminLastDays, type AdminRange } from '../lib/admin-range';

export function AdminRangePicker({
  value,
  onChange,
}: {
  readonly value: AdminRange;
  readonly onChange: (range: AdminRange) => void;
}) {
  return (
    <DateRangePicker value={value} onChange={onChange} presets={ADMIN_PRESETS} makePreset={(d) => adminLastDays(d)} />
  );
}
