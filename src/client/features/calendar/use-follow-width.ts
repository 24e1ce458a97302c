import type FullCalendar from "@fullcalendar/react";
import { type RefObject, useEffect } from "react";

/**
 * FullCalendar sizes its tables in pixels and re-measures only on a window resize. The card it
 * sits in also narrows without one (the navigation expanding, a scrollbar appearing once the
 * month's items load, the page coming back from the kept-alive cache), which cut off the last
 * column: so the calendar re-measures whenever its box changes width.
 */
export const useFollowWidth = (
  box: RefObject<HTMLElement | null>,
  calendar: RefObject<FullCalendar | null>,
) => {
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    let width = element.clientWidth;
    let frame = 0;
    const observer = new ResizeObserver(() => {
      // A hidden (kept-alive) page measures 0: nothing to fit until it shows again.
      if (element.clientWidth === width || element.clientWidth === 0) return;
      width = element.clientWidth;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => calendar.current?.getApi().updateSize());
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [box, calendar]);
};
