// How the page says things: element building, the weather line, actions and previews in words
// (split from main.ts, which lays out the page).
import type { Action, Preview, TableView, WeatherView } from "./api";
import { unitLabel } from "./board";

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Record<string, string>> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) if (value !== undefined) node.setAttribute(key, value);
  node.append(...children);
  return node;
}

// ADV-21: the rain level and what it does now, in a line.
export function rainText(w: WeatherView): string {
  if (w.rain === 0) return "Weather: no rain";
  const effects = [`sight ${w.sight}"`];
  if (w.move_rate === 0) effects.push("no movement");
  else if (w.move_rate < 1) effects.push(`moves at ${w.move_rate === 0.5 ? "half" : "quarter"} rate`);
  if (!w.swimming) effects.push("rivers cannot be swum");
  if (w.short_range_only) effects.push("laser, flamer, melta and plasma at short range only");
  return `Weather: rain level ${w.rain} of 4 (${effects.join(", ")})`;
}

export function percent(p: unknown): string {
  return typeof p === "number" ? `${(p * 100).toFixed(1)} %` : "—";
}

export function describeAction(a: Action, table: TableView): string {
  const unit = a.unit !== undefined && a.unit >= 0 && table.units[a.unit] ? unitLabel(table, a.unit) : "";
  const target = a.target !== undefined && a.target >= 0 && table.units[a.target] ? unitLabel(table, a.target) : "";
  switch (a.type) {
    case "activate": return `Activate ${unit} with ${a.dice} ${a.dice === 1 ? "die" : "dice"}`;
    case "shoot": {
      // ADV-32: groups split off at other units, named by the unit's model groups.
      const split = (a.split ?? []).map((part) => {
        const other = table.units[part.target] ? unitLabel(table, part.target) : `unit ${part.target}`;
        const group = table.units[a.unit ?? -1]?.groups?.[part.group] ?? `group ${part.group}`;
        return `, its ${group} at ${other}`;
      });
      return `${unit} shoots ${target}${split.join("")}${a.heavy ? " (heavy weapons)" : ""}`;
    }
    case "throw_grenade": return `${unit} throws a grenade at ${target}`;
    case "charge": return `${unit} charges ${target}${a.fire ? " (fire and charge)" : ""}`;
    case "pick_up": return `Pick up failed dice`;
    case "go_to_ground": return `${unit} goes to ground (better save, no pinning test; not activated in its next turn)`;
    case "stay_up": return `${unit} stays up and takes the fire`;
    case "use": return `${unit} works ${table.devices?.[a.target ?? -1]?.id ?? "a device"}`;
    case "deep_strike": return `${unit} deep strikes at (${a.x?.toFixed(1)}, ${a.y?.toFixed(1)})`;
    case "reload": return `${unit} reloads its spent weapons`;
    case "throw_smoke": return `${unit} throws smoke at (${a.x?.toFixed(1)}, ${a.y?.toFixed(1)})`;
    case "discharge_smoke": return `${unit} fires its smoke dischargers (free)`;
    case "place_ladder": return `${unit} sets its ladder up at (${a.x?.toFixed(1)}, ${a.y?.toFixed(1)})`;
    case "throw_grapple": return `${unit} throws a grapple at (${a.x?.toFixed(1)}, ${a.y?.toFixed(1)})`;
    case "pick_up_ladder": return `${unit} takes up ladder ${a.target}`;
    case "cast_down_ladder": return `${unit} casts down ladder ${a.target}`;
    case "bodyguard": return `A bodyguard of ${unit} (model ${a.target}) takes its leader's place`;
    case "fight": {
      // MELEE-26 krak attacks, ADV-60 bucklers, MELEE-24 pursuit without the test to stay.
      const ways = [a.krak ? "krak attacks" : "", a.buckler ? "bucklers strike" : "",
        a.pursue ? "pursues if they rout" : ""].filter(Boolean);
      return `${unit} fights${ways.length ? ` (${ways.join(", ")})` : ""}`;
    }
    case "pursuit_order": return a.pursue
      ? `${unit} presses its pursuit (no halt tests)`
      : `${unit} tries to halt its pursuit at each compulsory phase`;
    // ADV-19 / ADV-20: a character joins a squad (a mob merges into another); he leaves it.
    case "join": return `${unit} joins ${target}`;
    case "leave": return `${target} leaves ${unit}`;
    case "split": return `${unit} splits into its parts (each a unit of its own)`;
    case "face": return `${unit} turns to face ${Math.round(a.facing ?? 0)}° (free, after its rally)`;
    case "move":
    case "free_move":
      if (a.mode === "close_ranks") return `${unit} closes ranks (its cut-off models walk back to the rest)`;
      return `${a.type.replace(/_/g, " ")}${unit ? ` (${unit})` : ""}`;
    case "consolidate":
      return a.dx || a.dy ? `${unit} consolidates ${Math.hypot(a.dx ?? 0, a.dy ?? 0).toFixed(1)}"` : `${unit} stays (no consolidation move)`;
    default: return `${a.type.replace(/_/g, " ")}${unit ? ` (${unit})` : ""}`;
  }
}

// What a preview says, in a few lines: P(bust), AP; models slain; P(reach).
export function describePreview(p: Preview): HTMLElement {
  const box = h("div", { class: "odds", "data-testid": "odds" });
  if (p.refused) {
    box.append(h("span", { class: "error" }, `${p.refused.rule ? p.refused.rule + ": " : ""}${p.refused.text}`));
    return box;
  }
  const rows: [string, string][] = [];
  if (p.p_bust !== undefined) {
    rows.push(["P(bust)", percent(p.p_bust)], ["P(no AP)", percent(p.p_no_action_points)]);
    const ap = p.action_points as number[];
    rows.push(["AP", ap.map((q, k) => (q > 0 ? `${k}: ${percent(q)}` : "")).filter(Boolean).join(", ")]);
  }
  if (p.mean_slain !== undefined) {
    rows.push(["models slain (mean)", (p.mean_slain as number).toFixed(2)]);
    rows.push(["P(at least one slain)", percent(p.p_kill_at_least_one)]);
    rows.push(["P(wiped out)", percent(p.p_wiped_out)]);
    rows.push(["P(pinning test)", percent(p.p_pinning_test)]);
    rows.push(["P(heavy casualties test)", percent(p.p_heavy_casualties)]);
  }
  const drop = p.drop as { p_mishap: number; p_double: number; p_rough_landing: number } | undefined;
  if (drop) {
    rows.push(["P(mishap)", percent(drop.p_mishap)], ["of which a double", percent(drop.p_double)],
      ["P(rough landing)", percent(drop.p_rough_landing)]);
  }
  const smoke = p.smoke as { goal: number; p_on_target: number; radius: number } | undefined;
  const ladder = p.ladder as { occupied: boolean; pushers: number; p_cast_down: number } | undefined;
  if (ladder) rows.push(["P(ladder cast down)", percent(ladder.p_cast_down)], ["climbers on it", ladder.occupied ? "yes" : "none"]);
  if (smoke) rows.push(["P(smoke lands on the point)", percent(smoke.p_on_target)], ["cloud radius", `${smoke.radius}"`]);
  const charge = p.charge as { distance: number; p_reach: number } | undefined;
  if (charge) {
    rows.push(["distance", `${charge.distance.toFixed(1)}"`], ["P(charge reaches)", percent(charge.p_reach)]);
  }
  const table = h("table");
  for (const [k, v] of rows) table.append(h("tr", {}, h("td", {}, k), h("td", {}, v)));
  box.append(table);
  // ADV-32: each volley split off at another unit, with its own odds.
  if (Array.isArray(p.split))
    for (const part of p.split as Preview[]) {
      box.append(h("div", { class: "hint" }, `split off at unit ${String(part.target)}:`));
      box.append(describePreview(part));
    }
  if (Array.isArray(p.notes)) for (const n of p.notes as string[]) box.append(h("div", { class: "hint" }, n));
  return box;
}
