/**
 * "Chrome 126" on "Windows" from a User-Agent header, for the sign-in lists: a person recognizes
 * their own devices by browser and system, not by the raw header. Order matters: Edge and Opera
 * also say "Chrome", and every browser says "Safari" or "Mozilla".
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, "Edge"],
  [/\bOPR\/(\d+)/, "Opera"],
  [/\bMicroMessenger\/(\d+)/, "WeChat"],
  [/\bDingTalk\/(\d+)/, "DingTalk"],
  [/\bFirefox\/(\d+)/, "Firefox"],
  [/\bFxiOS\/(\d+)/, "Firefox"],
  [/\bCriOS\/(\d+)/, "Chrome"],
  [/\bHeadlessChrome\/(\d+)/, "Chrome"],
  [/\bChrom(?:e|ium)\/(\d+)/, "Chrome"],
  [/\bVersion\/(\d+).*Safari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/Windows NT/, "Windows"],
  [/iPhone|iPad|iPod/, "iOS"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/HarmonyOS/, "HarmonyOS"],
  [/Android/, "Android"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

export type DeviceInfo = { browser: string; system: string };

/** Empty strings where the header says nothing recognizable (a script, curl). */
export const describeUserAgent = (ua: string): DeviceInfo => {
  let browser = "";
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? "";
  return { browser, system };
};
