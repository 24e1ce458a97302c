import type { DatesSetArg, EventClickArg, EventDropArg, EventInput } from "@fullcalendar/core";
import zhCn from "@fullcalendar/core/locales/zh-cn";
import dayGridPlugin from "@fullcalendar/daygrid";
import interactionPlugin, {
  type DateClickArg,
  type EventResizeDoneArg,
} from "@fullcalendar/interaction";
import listPlugin from "@fullcalendar/list";
import FullCalendar from "@fullcalendar/react";
import timeGridPlugin from "@fullcalendar/timegrid";
import { useCustom, useCustomMutation } from "@refinedev/core";
import { Button, Card, Select, Space, Typography } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

import { FirmZoneNote } from "../../components/firm-zone-note";
import { usePickerData } from "../../components/member-picker";
import { firmNow, firmToday, fromPickerValue, useFirmTimeZone } from "../../lib/firm-time";
import { inFirmZone } from "../../../shared/firm-time";
import { caseKeyDatesPath, taskPath } from "../../lib/record-paths";
import { useDeadlineTypes } from "../deadlines";
import { DayList } from "./day-list";
import { EventForm } from "./event-form";
import { FeedPanel } from "./feed-panel";
import { useFollowWidth } from "./use-follow-width";
import type { CalendarItem, CalendarMonth } from "../../../shared/calendar";
import "../../components/date-lists.css";
import "./calendar.css";

type Item = CalendarItem;
type Scope = "me" | "member" | "department" | "firm";

/** antd preset colours by item type, each dark enough for white text at 4.5:1 (WCAG AA). */
const PALETTE: Record<string, string> = {
  red: "#cf1322",
  orange: "#ad4e00",
  gold: "#876800",
  volcano: "#ad2102",
  purple: "#531dab",
  magenta: "#c41d7f",
  cyan: "#006d75",
  blue: "#0958d9",
  green: "#237804",
};
/** Overdue deadlines: antd red-8, white text at 7:1. */
const OVERDUE_COLOR = "#a8071a";
const KIND_COLOR = {
  task: "#237804",
  meeting: "#1d39c4",
  call: "#1d39c4",
  other: "#595959",
} as Record<string, string>;
/** Rows a day of the month grid draws (FullCalendar's dayMaxEvents); the server caps wide scopes to it. */
const PER_DAY = 4;
const WALL = "YYYY-MM-DDTHH:mm:ss";
/**
 * FullCalendar runs in UTC and is handed the firm's wall clock: its named zones need a plugin, and
 * a grid in the browser's zone put a 09:30 Beijing hearing at 20:30 the day before in New York.
 * So a date FullCalendar hands back carries the firm's digits in its UTC fields.
 */
const fromGrid = (date: Date) => dayjs.utc(date).format(WALL);

/**
 * FullCalendar's prev/next buttons hold an icon <span role="img"> with no name; the button's
 * title already names it, so the icon is hidden from assistive technology (axe: role-img-alt).
 */
const hideToolbarIcons = (root: HTMLElement | null) =>
  root
    ?.querySelectorAll(".fc-icon[role='img']")
    .forEach((icon) => icon.setAttribute("aria-hidden", "true"));

/** The firm calendar: hearings, deadlines, tasks and events; events move by drag and drop. */
export const CalendarPage = () => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { types, labelOf, colorOf } = useDeadlineTypes();
  const zone = useFirmTimeZone();
  const today = firmToday();
  const { data: people } = usePickerData();
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [scope, setScope] = useState<Scope>("me");
  const [who, setWho] = useState<string | undefined>();
  const [filterTypes, setFilterTypes] = useState<string[]>([]);
  const [creating, setCreating] = useState<Dayjs | null>(null);
  const [view, setView] = useState("dayGridMonth");
  const [moreDay, setMoreDay] = useState<string | null>(null);
  const needsWho = scope === "member" || scope === "department";
  const calendarRoot = useRef<HTMLDivElement>(null);
  const gridBox = useRef<HTMLDivElement>(null);
  const fullCalendar = useRef<FullCalendar>(null);
  useFollowWidth(gridBox, fullCalendar);
  // FullCalendar re-renders its toolbar on its own: hide the icons again whenever it does.
  useEffect(() => {
    const root = calendarRoot.current;
    if (!root) return;
    hideToolbarIcons(root);
    const observer = new MutationObserver(() => hideToolbarIcons(root));
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  const filters = {
    scope,
    ...(scope === "member"
      ? { memberId: who }
      : scope === "department"
        ? { departmentId: who }
        : {}),
    ...(filterTypes.length ? { types: filterTypes } : {}),
  };
  // The grids and the agenda ask for what they can draw per day (a firm's month is thousands of
  // items); the day view shows one day whole.
  const isCapped = view !== "timeGridDay";
  const { result, query } = useCustom<Item[] | CalendarMonth>({
    url: isCapped ? "/api/calendar/month" : "/api/calendar",
    method: "get",
    config: { query: { ...range, ...filters, ...(isCapped ? { perDay: PER_DAY } : {}) } },
    queryOptions: { enabled: range !== null && (!needsWho || Boolean(who)) },
  });
  const data = result?.data as Item[] | CalendarMonth | undefined;
  const items = Array.isArray(data) ? data : Array.isArray(data?.items) ? data.items : [];
  const more = !Array.isArray(data) && Array.isArray(data?.more) ? data.more : [];
  const { mutateAsync } = useCustomMutation();

  // An open deadline whose firm day has passed reads as overdue here as on the case and home page.
  const isOverdue = (i: Item) =>
    i.kind === "key-date" &&
    i.status === "open" &&
    (i.allDay ? i.start : inFirmZone(i.start, zone).format("YYYY-MM-DD")) < today;
  const colorFor = (i: Item) =>
    isOverdue(i)
      ? OVERDUE_COLOR
      : i.kind === "key-date"
        ? (PALETTE[colorOf(i.type)] ?? PALETTE.blue)
        : (KIND_COLOR[i.type] ?? KIND_COLOR.other);
  const onGrid = (at: string | null, allDay: boolean) =>
    at === null ? undefined : allDay ? at : inFirmZone(at, zone).format(WALL);
  const events: EventInput[] = items.map((i) => ({
    id: `${i.kind}:${i.id}`,
    title: `${isOverdue(i) ? t("deadlines.calendar.overduePrefix") : ""}${i.kind === "key-date" && !i.isConfirmed ? "[?] " : ""}${i.title}${i.caseName ? ` · ${i.caseName}` : ""}`,
    start: onGrid(i.start, i.allDay),
    end: onGrid(i.end, i.allDay),
    allDay: i.allDay,
    editable: i.isEditable,
    classNames: isOverdue(i) ? ["calendar-overdue"] : [],
    backgroundColor: colorFor(i),
    borderColor: colorFor(i),
    textColor: "#ffffff",
    // isMore orders a day's rows: its items, then its "+N more".
    extendedProps: { ...i, isMore: 0 },
  }));
  // "+N more" of a capped day: one row after the day's items, opening the day's full list.
  const moreRows: EventInput[] = more.map((m) => ({
    id: `more:${m.day}`,
    title: t("deadlines.calendar.more", { count: m.count }),
    start: m.day,
    allDay: true,
    editable: false,
    classNames: ["calendar-more"],
    extendedProps: { moreDay: m.day, isMore: 1 },
  }));

  const onDates = (arg: DatesSetArg) => {
    setView(arg.view.type);
    const next = {
      from: dayjs.utc(arg.start).format("YYYY-MM-DD"),
      to: dayjs.utc(arg.end).subtract(1, "day").format("YYYY-MM-DD"),
    };
    setRange((prev) => (prev?.from === next.from && prev.to === next.to ? prev : next));
  };
  const toInstant = (date: Date | null) =>
    date ? fromPickerValue(dayjs(fromGrid(date))) : undefined;
  const move = async (arg: EventDropArg | EventResizeDoneArg) => {
    const item = arg.event.extendedProps as Item;
    try {
      await mutateAsync({
        url: `/api/calendar-events/${item.id}`,
        method: "patch",
        values: {
          startsAt: toInstant(arg.event.start),
          endsAt: toInstant(arg.event.end ?? arg.event.start),
          version: item.version,
        },
        successNotification: () => ({ type: "success", message: t("deadlines.calendar.moved") }),
      });
    } catch {
      arg.revert();
    }
    await query.refetch();
  };
  const openItem = (item: Item) => {
    if (item.kind === "task") navigate(taskPath(item.id));
    else if (item.caseId) navigate(caseKeyDatesPath(item.caseId));
  };
  const open = (arg: EventClickArg) => {
    const day = arg.event.extendedProps.moreDay as string | undefined;
    if (day) setMoreDay(day);
    else openItem(arg.event.extendedProps as Item);
  };
  const labelOfItem = (i: Item) =>
    i.kind === "key-date" ? labelOf(i.type) : t(`deadlines.calendar.kinds.${i.type}`);

  return (
    <div className="deadlines-calendar" ref={calendarRoot}>
      <Space className="deadlines-filters" wrap align="center">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t("deadlines.calendar.title")}
        </Typography.Title>
        <Select<Scope>
          aria-label={t("deadlines.calendar.scope")}
          value={scope}
          style={{ width: 140 }}
          onChange={(v) => {
            setScope(v);
            setWho(undefined);
          }}
          options={(["me", "member", "department", "firm"] as const).map((s) => ({
            value: s,
            label: t(`deadlines.calendar.scopes.${s}`),
          }))}
        />
        {scope === "member" ? (
          <Select
            aria-label={t("deadlines.calendar.scopes.member")}
            showSearch
            optionFilterProp="label"
            style={{ width: 160 }}
            value={who}
            onChange={setWho}
            options={people.members.map((m) => ({ value: m.userId, label: m.name }))}
          />
        ) : null}
        {scope === "department" ? (
          <Select
            aria-label={t("deadlines.calendar.scopes.department")}
            style={{ width: 180 }}
            value={who}
            onChange={setWho}
            options={people.departments.map((d) => ({ value: d.id, label: d.name }))}
          />
        ) : null}
        <Select
          aria-label={t("deadlines.calendar.types")}
          mode="multiple"
          allowClear
          placeholder={t("deadlines.calendar.allTypes")}
          style={{ minWidth: 220 }}
          value={filterTypes}
          onChange={setFilterTypes}
          options={[
            ...types.map((x) => ({ value: x.code, label: labelOf(x.code) })),
            ...["task", "meeting", "call", "other"].map((k) => ({
              value: k,
              label: t(`deadlines.calendar.kinds.${k}`),
            })),
          ]}
        />
        <FirmZoneNote />
        <Button
          type="primary"
          onClick={() => setCreating(firmNow().add(1, "hour").startOf("hour"))}
        >
          {t("deadlines.calendar.newEvent")}
        </Button>
        <FeedPanel />
      </Space>
      <Card size="small">
        <div ref={gridBox} className="calendar-grid-box">
          <FullCalendar
            ref={fullCalendar}
            plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
            initialView="dayGridMonth"
            locale={i18n.language.startsWith("en") ? "en" : zhCn}
            timeZone="UTC"
            now={() => firmNow().format(WALL)}
            eventTimeFormat={{ hour: "2-digit", minute: "2-digit", hour12: false }}
            headerToolbar={{
              left: "prev,next today",
              center: "title",
              right: "dayGridMonth,timeGridWeek,timeGridDay,listMonth",
            }}
            buttonText={{
              today: t("deadlines.calendar.today"),
              month: t("deadlines.calendar.month"),
              week: t("deadlines.calendar.week"),
              day: t("deadlines.calendar.day"),
              list: t("deadlines.calendar.agenda"),
            }}
            height="auto"
            events={[...events, ...moreRows]}
            eventOrder="isMore,start,-duration,allDay,title"
            datesSet={onDates}
            eventDrop={(arg) => void move(arg)}
            eventResize={(arg) => void move(arg)}
            eventClick={open}
            dateClick={(arg: DateClickArg) => {
              const wall = dayjs(fromGrid(arg.date));
              setCreating(arg.allDay ? wall.hour(9) : wall);
            }}
            dayMaxEvents={PER_DAY}
            eventDisplay="block"
          />
        </div>
      </Card>
      <DayList
        day={moreDay}
        query={filters}
        labelOf={labelOfItem}
        onOpen={(i) => {
          setMoreDay(null);
          openItem(i);
        }}
        onClose={() => setMoreDay(null)}
      />
      <EventForm
        start={creating}
        onClose={() => setCreating(null)}
        onSaved={() => {
          setCreating(null);
          void query.refetch();
        }}
      />
    </div>
  );
};
