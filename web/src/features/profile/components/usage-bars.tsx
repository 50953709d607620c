import { ProgressBar } from '../../../components/progress-bar';
import type { ClientUserData } from '../../../lib/current-user';
import { usageBarTone } from '../lib/usage-bar-tone';

export function UsageBars({ user }: { readonly user: ClientUserData }) {
  return (
    <div className="usage-bars">
      <ProgressBar
        label="Goals used this month"
        value={user.goalsThisMonth}
        max={user.goalsLimit}
        tone={usageBarTone(user.goalsThisMonth, user.goalsLimit)}
      />
      <ProgressBar
        label="Breakdowns used this month"
        value={user.aiGenerationsThisMonth}
        max={user.aiGenerationsLimit}
        tone={usageBarTone(user.aiGenerationsThisMonth, user.aiGenerationsLimit)}
      />
    </div>
  );
}
