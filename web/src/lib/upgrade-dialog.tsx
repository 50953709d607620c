import { createContext, useContext } from 'react';

/** What opened the upgrade dialog (spec section 2). */
export type UpgradeTrigger = 'goals' | 'ai' | 'general';

export interface UpgradeDialogControls {
  openUpgradeDialog(trigger: UpgradeTrigger): void;
}

export const UpgradeDialogContext = createContext<UpgradeDialogControls>({ openUpgradeDialog: () => undefined });

export function useUpgradeDialog(): UpgradeDialogControls {
  return useContext(UpgradeDialogContext);
}
