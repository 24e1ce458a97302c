import { BarChart, LineChart, PieChart } from "echarts/charts";
import {
  AriaComponent,
  DatasetComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
} from "echarts/components";
import * as echarts from "echarts/core";
import { SVGRenderer } from "echarts/renderers";
import { useEffect, useRef } from "react";

import type { ReportAnswer } from "../../../shared/contracts/reports";

// Only what the dashboard draws: the whole library would triple the route's size.
echarts.use([
  BarChart,
  LineChart,
  PieChart,
  AriaComponent,
  DatasetComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  SVGRenderer,
]);

export type ChartProps = {
  answer: ReportAnswer;
  dark: boolean;
  label: (key: string) => string;
  value: (column: string, v: unknown) => string;
  categoryOf: (rowIndex: number) => string;
  onPick: (rowIndex: number, column: string) => void;
  title: string;
};

/**
 * One report's chart, SVG, in the theme's colours; `aria` with decals so series differ by pattern
 * as well as colour, and a description screen readers read (the table beside it is the full
 * equivalent). A click on a bar or slice opens that figure's list.
 */
export const ReportChart = ({
  answer,
  dark,
  label,
  value,
  categoryOf,
  onPick,
  title,
}: ChartProps) => {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const chart = echarts.init(ref.current, dark ? "dark" : undefined, { renderer: "svg" });
    const { chart: spec, rows } = answer;
    const categories = rows.map((_, i) => categoryOf(i));
    const numeric = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
    const series =
      spec.type === "pie"
        ? [
            {
              type: "pie" as const,
              radius: ["35%", "65%"],
              data: rows.map((r, i) => ({
                name: categories[i],
                value: numeric(r[spec.series[0]]),
              })),
              label: { formatter: "{b}: {c}" },
            },
          ]
        : spec.series.map((s) => ({
            type: spec.type,
            name: label(s),
            stack: spec.stacked ? "total" : undefined,
            data: rows.map((r) => numeric(r[s])),
          }));
    chart.setOption({
      backgroundColor: "transparent",
      aria: { enabled: true, label: { description: title }, decal: { show: true } },
      tooltip: {
        trigger: spec.type === "pie" ? "item" : "axis",
        valueFormatter: (v: unknown) => value(spec.series[0], v),
      },
      legend: { top: 0, type: "scroll" },
      grid:
        spec.type === "pie"
          ? undefined
          : { left: 8, right: 8, bottom: 8, top: 32, containLabel: true },
      xAxis: spec.type === "pie" ? undefined : { type: "category", data: categories },
      yAxis: spec.type === "pie" ? undefined : { type: "value" },
      series,
    });
    chart.on("click", (p) => {
      const column = spec.type === "pie" ? spec.series[0] : spec.series[p.seriesIndex ?? 0];
      onPick(p.dataIndex, column);
    });
    const resize = () => chart.resize();
    window.addEventListener("resize", resize);
    return () => {
      window.removeEventListener("resize", resize);
      chart.dispose();
    };
  }, [answer, dark, label, value, categoryOf, onPick, title]);
  return <div ref={ref} className="report-chart" role="img" aria-label={title} />;
};
