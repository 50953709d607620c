import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { emitProductEvent } from '../../../lib/product-events';
import { UpgradeDialogContext, type UpgradeTrigger } from '../../../lib/upgrade-dialog';

const UpgradeDialog = lazy(() => import('./upgrade-dialog'));

/** Holds the upgrade dialog's state; the dialog itself loads on first use. */
export function UpgradeDialogProvider({ children }: { readonly children: ReactNode }) {
  const [trigger, setTrigger] = useState<UpgradeTrigger | null>(null);
  const openUpgradeDialog = useCallback((next: UpgradeTrigger) => {
    emitProductEvent('feature_used', { feature: 'upgrade_dialog', trigger: next });
    setTrigger(next);
  }, []);
  const value = useMemo(() => ({ openUpgradeDialog }), [openUpgradeDialog]);
  return (
    <UpgradeDialogContext.Provider value={value}>
      {children}
      {trigger ? (
        <Suspense fallback={null}>
          <UpgradeDialog trigger={trigger} onClose={() => setTrigger(null)} />
        </Suspense>
      ) : null}
    </UpgradeDialogContext.Provider>
  );
}
