/** The entries of `changes` whose value differs from `current`; an undefined value means "not given". */
export const changedFields = <T extends object>(current: T, changes: Partial<T>): Partial<T> => {
  const changed = Object.entries(changes).filter(
    ([key, value]) => value !== undefined && current[key as keyof T] !== value,
  );
  return Object.fromEntries(changed) as Partial<T>;
};

export const isEmpty = (value: object): boolean => Object.keys(value).length === 0;
