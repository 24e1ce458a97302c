import { useCallback, useMemo, useState } from "react";

type State<T> = { past: T[]; present: T | undefined; future: T[]; saved: T | undefined };

const LIMIT = 100;

/** Undo/redo over immutable snapshots of the draft (every edit replaces the tree). */
export const useHistory = <T>() => {
  const [s, setS] = useState<State<T>>({
    past: [],
    present: undefined,
    future: [],
    saved: undefined,
  });
  const set = useCallback(
    (next: T) =>
      setS((x) => ({
        ...x,
        past: x.present === undefined ? x.past : [...x.past, x.present].slice(-LIMIT),
        present: next,
        future: [],
      })),
    [],
  );
  const reset = useCallback(
    (value: T) => setS({ past: [], present: value, future: [], saved: value }),
    [],
  );
  const undo = useCallback(
    () =>
      setS((x) =>
        x.past.length === 0 || x.present === undefined
          ? x
          : {
              ...x,
              past: x.past.slice(0, -1),
              present: x.past[x.past.length - 1],
              future: [x.present, ...x.future],
            },
      ),
    [],
  );
  const redo = useCallback(
    () =>
      setS((x) =>
        x.future.length === 0 || x.present === undefined
          ? x
          : { ...x, past: [...x.past, x.present], present: x.future[0], future: x.future.slice(1) },
      ),
    [],
  );
  const markSaved = useCallback(() => setS((x) => ({ ...x, saved: x.present })), []);
  return useMemo(
    () => ({
      present: s.present,
      set,
      reset,
      undo,
      redo,
      markSaved,
      canUndo: s.past.length > 0,
      canRedo: s.future.length > 0,
      isDirty: s.present !== s.saved,
    }),
    [s, set, reset, undo, redo, markSaved],
  );
};
