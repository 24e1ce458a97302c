import { useCustom, useCustomMutation } from "@refinedev/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

import type { TaskChange, TaskDetail } from "./types";

/**
 * One task for its drawer. Changes are queued and each is computed from the task as the last
 * answer left it, so quick ticks send the current version and never undo each other. A 409
 * (someone else saved first) is toasted by the http layer; the task is then read again.
 */
export const useTask = (id: string | null, onChanged: () => void) => {
  const { t } = useTranslation();
  const { result, query } = useCustom<TaskDetail>({
    url: `/api/tasks/${id}`,
    method: "get",
    queryOptions: { enabled: Boolean(id) },
  });
  const fetched = result?.data as TaskDetail | undefined;
  const [task, setTask] = useState<TaskDetail | null>(null);
  const [saving, setSaving] = useState(0);
  const [savedAt, setSavedAt] = useState(0);
  const latest = useRef<TaskDetail | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const { mutateAsync } = useCustomMutation<TaskDetail>();

  useEffect(() => {
    const next = fetched && typeof fetched === "object" && fetched.id === id ? fetched : null;
    latest.current = next;
    setTask(next);
  }, [fetched, id]);

  const pending = useRef(0);
  const adopt = (next: TaskDetail) => {
    latest.current = next;
    // With more changes queued, the screen already shows them: keep it until the last answer.
    if (pending.current === 0) setTask(next);
    setSavedAt(Date.now());
    onChanged();
  };

  /** Runs after the changes before it; false when it was refused. */
  const enqueue = (send: (current: TaskDetail) => Promise<{ data: TaskDetail }> | null) => {
    const run = async () => {
      pending.current -= 1;
      const current = latest.current;
      const request = current ? send(current) : null;
      if (!request) return false;
      setSaving((n) => n + 1);
      try {
        adopt((await request).data);
        return true;
      } catch {
        // Someone saved first (409; the toast says so) or the change was refused: show the task
        // as the server has it now, not as this screen imagined it.
        const fresh = (await query.refetch()).data?.data;
        if (fresh) {
          latest.current = fresh;
          setTask(fresh);
        }
        return false;
      } finally {
        setSaving((n) => n - 1);
      }
    };
    pending.current += 1;
    const next = queue.current.then(run, run);
    queue.current = next;
    return next;
  };

  const update = (change: (current: TaskDetail) => TaskChange | null) => {
    // Shown at once (a tick must feel instant); sent in turn, computed again from the server's
    // last answer; a refusal reads the task back.
    setTask((shown) => (shown ? { ...shown, ...change(shown) } : shown));
    return enqueue((current) => {
      const values = change(current);
      return values
        ? mutateAsync({
            url: `/api/tasks/${current.id}`,
            method: "patch",
            values: { ...values, version: current.version },
            successNotification: false,
          })
        : null;
    });
  };

  const comment = (text: string) =>
    enqueue((current) =>
      mutateAsync({
        url: `/api/tasks/${current.id}/comments`,
        method: "post",
        values: { text },
        successNotification: false,
      }),
    );

  const remove = async () => {
    const current = latest.current;
    if (!current) return false;
    const ok = await mutateAsync({
      url: `/api/tasks/${current.id}`,
      method: "delete",
      values: {},
      successNotification: () => ({ type: "success", message: t("deadlines.tasks.deleted") }),
    })
      .then(() => true)
      .catch(() => false);
    if (ok) onChanged();
    return ok;
  };

  return {
    task,
    isLoading: query.isLoading,
    isSaving: saving > 0,
    savedAt,
    update,
    comment,
    remove,
  };
};
