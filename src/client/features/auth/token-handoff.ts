import { LANGUAGES } from "../../../shared/i18n-config";
import { changeLanguage, getLanguage } from "../../providers/i18n";
import { loadSession } from "../../providers/session";
import { PATHS } from "../../providers/navigation";
import { STORAGE_KEYS, setAccessToken, takeReturnTo } from "../../providers/storage";
import { syncServerPreferences } from "../../layout/preferences-store";

const running = new Map<string, Promise<void>>();
const finished = new Set<string>();

/** Takes the token and the optional language out of the address bar, keeping router state. */
const stripHandoffParams = () => {
  const url = new URL(window.location.href);
  url.searchParams.delete("token");
  url.searchParams.delete("lang");
  window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
};

/**
 * The user center sends the browser to `/manage/login?token=JWT` (optionally `&lang=`).
 * Keeps the token, drops it from the URL (so it is not bookmarked or shared), then loads the
 * user's info and rules. Runs once per token even when React mounts the page twice.
 */
export const acceptToken = (token: string, lang: string | null): Promise<void> => {
  const existing = running.get(token);
  if (existing) return existing;
  const task = (async () => {
    setAccessToken(token);
    stripHandoffParams();
    // The account's theme and language before the first screen: the user center names the
    // account's language; without it, a browser that never chose one takes the account's.
    const account = await syncServerPreferences();
    const wanted =
      lang ??
      (localStorage.getItem(STORAGE_KEYS.language) === null ? (account?.language ?? null) : null);
    if (wanted && wanted !== getLanguage() && LANGUAGES.some((l) => l.code === wanted)) {
      await changeLanguage(wanted, { reload: false });
    }
    await loadSession();
  })();
  running.set(token, task);
  task.catch(() => running.delete(token));
  return task;
};

/**
 * Where to go once the handoff is done; only the first caller per token gets an answer, so a
 * re-run effect cannot send the user on a second navigation.
 */
export const takeHandoffTarget = (token: string): string | null => {
  if (finished.has(token)) return null;
  finished.add(token);
  return takeReturnTo() ?? PATHS.home;
};
