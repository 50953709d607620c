import { describe, expect, it, vi } from 'vitest';
import { readOnboarding, writeOnboarding, initialProgress } from '../features/onboarding/lib/onboarding-storage';
import {
  CLEANUP_VERSION_KEY,
  productKeys,
  rememberSignedInUser,
  runStorageCleanup,
  storageKeys,
  wipeOnSignOut,
  writeString,
} from './storage';

describe('local storage rules', () => {
  it('keeps onboarding progress per user', () => {
    writeOnboarding('user-a', { ...initialProgress, step: 2, focusAreas: ['Career'] });
    expect(readOnboarding('user-a').step).toBe(2);
    expect(readOnboarding('user-b')).toEqual(initialProgress);
    expect(localStorage.getItem('stride:onboarding:user-a')).not.toBeNull();
  });

  it('wipes product keys (onboarding included) on sign-out but keeps other sites’ keys and the cleanup marker', () => {
    runStorageCleanup();
    writeOnboarding('user-a', { ...initialProgress, step: 3 });
    localStorage.setItem(storageKeys.authToken, 'token');
    localStorage.setItem('someone-else', 'keep me');
    wipeOnSignOut();
    expect(productKeys()).toEqual([CLEANUP_VERSION_KEY]);
    expect(localStorage.getItem('someone-else')).toBe('keep me');
  });

  it('wipes the previous user’s data on an account switch', () => {
    rememberSignedInUser('user-a');
    writeOnboarding('user-a', { ...initialProgress, step: 3 });
    localStorage.setItem(storageKeys.userDataCache('user-a'), '{}');
    localStorage.setItem(storageKeys.paymentBannerDismissed('2025-01-01', 'warning'), '1');
    expect(rememberSignedInUser('user-a')).toBe(false);
    expect(readOnboarding('user-a').step).toBe(3);

    expect(rememberSignedInUser('user-b')).toBe(true);
    expect(localStorage.getItem(storageKeys.onboarding('user-a'))).toBeNull();
    expect(localStorage.getItem(storageKeys.userDataCache('user-a'))).toBeNull();
    expect(localStorage.getItem(storageKeys.paymentBannerDismissed('2025-01-01', 'warning'))).toBeNull();
    expect(localStorage.getItem(storageKeys.lastUserId)).toBe('user-b');
  });

  it('never keeps another user’s onboarding progress, even without a recorded previous user', () => {
    writeOnboarding('stranger', { ...initialProgress, step: 1 });
    rememberSignedInUser('user-b');
    expect(localStorage.getItem(storageKeys.onboarding('stranger'))).toBeNull();
  });

  it('clears old product keys once (cleanup version 2)', () => {
    localStorage.setItem('stride:legacy-onboarding', 'x');
    localStorage.setItem('stride:cleanup-version', '1');
    localStorage.setItem('unrelated', 'y');
    expect(runStorageCleanup()).toBe(true);
    expect(localStorage.getItem('stride:legacy-onboarding')).toBeNull();
    expect(localStorage.getItem(CLEANUP_VERSION_KEY)).toBe('2');
    expect(localStorage.getItem('unrelated')).toBe('y');

    localStorage.setItem('stride:new-key', 'z');
    expect(runStorageCleanup()).toBe(false);
    expect(localStorage.getItem('stride:new-key')).toBe('z');
  });

  it('clears product keys and retries once on a quota error', () => {
    localStorage.setItem('stride:big-cache', 'x'.repeat(100));
    const original = Storage.prototype.setItem;
    let calls = 0;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      calls += 1;
      if (calls === 1) throw new DOMException('full', 'QuotaExceededError');
      original.call(this, key, value);
    });
    expect(writeString('stride:new', 'value')).toBe(true);
    expect(localStorage.getItem('stride:big-cache')).toBeNull();
    expect(localStorage.getItem('stride:new')).toBe('value');
  });
});
