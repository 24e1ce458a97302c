import { describe, expect, it } from "vitest";

import { describeUserAgent } from "../../src/shared/user-agent";

describe("describeUserAgent", () => {
  it("names the browser and system a person recognizes", () => {
    expect(
      describeUserAgent(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
      ),
    ).toEqual({ browser: "Chrome 126", system: "Windows" });
    expect(
      describeUserAgent(
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
      ),
    ).toEqual({ browser: "Safari 17", system: "macOS" });
  });

  it("tells Edge and WeChat from the Chrome they are built on, and iOS from macOS", () => {
    expect(
      describeUserAgent(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 Edg/124.0.2478.80",
      ).browser,
    ).toBe("Edge 124");
    expect(
      describeUserAgent(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47",
      ),
    ).toEqual({ browser: "WeChat 8", system: "iOS" });
  });

  it("answers nothing for what is not a browser", () => {
    expect(describeUserAgent("curl/8.0")).toEqual({ browser: "", system: "" });
    expect(describeUserAgent("")).toEqual({ browser: "", system: "" });
  });
});
