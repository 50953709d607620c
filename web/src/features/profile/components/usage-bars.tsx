import { ProgressBar } from '../../../components/progress-bar';
import type { ClientUserData } from '../../../lib/current-user';
import { usageValueText } from '../../../lib/plan-wording';
import { usageBarTone } from '../lib/usage-bar-tone';

export function UsageBars({ user }: { readonly user: ClientUserData }) {
  return (
    <div className="usage-bars">
      <ProgressBar
        label="New goals this month"
        value={user.goalsThisMonth}
        max={user.goalsLimit}
        valueText={usageValueText(user.goalsThisMonth, user.goalsLimit)}
        tone={usageBarTone(user.goalsThisMonth, user.goalsLimit)}
      />
      <ProgressBar
        label="AI breakdowns this month"
        value={user.aiGenerationsThisMonth}
        max={user.aiGenerationsLimit}
        valueText={usageValueText(user.aiGenerationsThisMonth, user.aiGenerationsLimit)}
        tone={usageBarTone(user.aiGenerationsThisMonth, user.aiGenerationsLimit)}
      />
    </div>
  );
}
