// The island registry: the one place an island gets its name. A key is the island's file name
// in this folder (islands/<name>.tsx) and its value that file's default export. Pages render an
// island with <Island name="…" props={…}> (server/render/page.tsx), which takes its name and
// props types from here, so a wrong name or wrong props is a compile error; the build
// (scripts/build.ts) makes one chunk per key and fails if a key and its file disagree.
// An island whose file also exports `enhance(root, props)` is not hydrated: the browser calls that
// function on the server's markup and never loads React DOM for it (count-up does this).
// This folder holds islands only: the browser loader lives in client/, shared markup in
// routes/_blocks/.
import type { ComponentProps } from "react";
import AutoSubmit from "./auto-submit";
import ComparePicker from "./compare-picker";
import CompareWidget from "./compare-widget";
import CopyLink from "./copy-link";
import CountUp from "./count-up";
import ManagerKeys from "./manager-keys";
import MasqCountdown from "./masq-countdown";
import NavCollapse from "./nav-collapse";
import PositionWizard from "./position-wizard";
import PriceTotal from "./price-total";
import ProjectSwitcher from "./project-switcher";
import SignupForm from "./signup-form";
import StatsChart from "./stats-chart";
import TestRunner from "./test-runner";

export const ISLANDS = {
  "auto-submit": AutoSubmit,
  "compare-picker": ComparePicker,
  "compare-widget": CompareWidget,
  "copy-link": CopyLink,
  "count-up": CountUp,
  "manager-keys": ManagerKeys,
  "masq-countdown": MasqCountdown,
  "nav-collapse": NavCollapse,
  "position-wizard": PositionWizard,
  "price-total": PriceTotal,
  "project-switcher": ProjectSwitcher,
  "signup-form": SignupForm,
  "stats-chart": StatsChart,
  "test-runner": TestRunner,
} as const;

export type IslandName = keyof typeof ISLANDS;
export type IslandProps<N extends IslandName> = ComponentProps<(typeof ISLANDS)[N]>;
