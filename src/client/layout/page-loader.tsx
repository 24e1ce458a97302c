import { Flex, Spin } from "antd";

/** Fallback while a lazy page loads inside a layout. */
export const PageLoader = () => (
  <Flex align="center" justify="center" style={{ minHeight: 240 }}>
    <Spin size="large" />
  </Flex>
);

/** A whole-screen wait, e.g. while the token handoff loads the user's rules. */
export const FullPageLoader = ({ tip }: { tip?: string }) => (
  <Flex
    vertical
    align="center"
    justify="center"
    gap={16}
    style={{ minHeight: "100vh" }}
    role="status"
    aria-live="polite"
  >
    <Spin size="large" />
    {tip ? <span style={{ color: "rgba(0, 0, 0, 0.55)" }}>{tip}</span> : null}
  </Flex>
);

/** Removes index.html's initial loader once React has something to show. */
export const hideInitialLoader = () => {
  const loader = document.getElementById("loading-bg");
  if (!loader) return;
  loader.classList.add("is-hidden");
  window.setTimeout(() => loader.remove(), 250);
};
