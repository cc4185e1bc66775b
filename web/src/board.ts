// The table as SVG (issue 16): terrain by kind and height, objectives, deployment zones, models
// with base, facing and wound markers, unit badges. Inches throughout; y grows up the table, as
// the engine counts it, so the drawing flips it.
import { modelsIn } from "./api";
import type { Plan, Point, StateView, TableView } from "./api";

const SVG = "http://www.w3.org/2000/svg";
export const SIDE_COLOURS = ["#c0392b", "#2e6fd1", "#27ae60", "#8e44ad"];

const TERRAIN: Record<string, [string, string, number]> = {
  wood: ["#4f8a3c", "#2f5a22", 0.75],
  building: ["#8a8a8a", "#333333", 1.0],
  ruin: ["#a39e93", "#55524c", 0.9],
  rubble: ["#b59b7c", "#6e5a43", 0.85],
  water: ["#5b9bd5", "#2f6ea5", 0.8],
  trench: ["#7a5c3a", "#4b3620", 0.8],
  minefield: ["#d9c9a3", "#b03a2e", 0.7],
  hill: ["#c9d7a0", "#8d9a62", 0.7],
  crater: ["#9c8b73", "#5f513f", 0.8],
  smoke: ["#d5d8dc", "#7f8c8d", 0.55],
  rope: ["#a0703c", "#5a3a1a", 0.9],
  console: ["#f39c12", "#7e5109", 1.0],
};

// Units deployed side by side put their names on one line, one over the other. Each label in
// turn moves up (then down) by a line at a time until it clears those already placed, never off
// the board (`top` to `bottom`).
function spreadLabels(labels: SVGTextElement[], top: number, bottom: number): void {
  const placed: DOMRect[] = [];
  const overlaps = (a: DOMRect, b: DOMRect) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  for (const label of labels) {
    let box: DOMRect;
    try {
      box = label.getBBox();
    } catch {
      return;  // not laid out (no rendering): leave every label where it is
    }
    const line = box.height || 1;
    const at = (shift: number) => new DOMRect(box.x, box.y + shift, box.width, box.height);
    const shifts = [0, -1, 1, -2, 2, -3, 3, -4, 4, -5, 5].map((k) => k * line);
    const fits = (d: number) => box.y + d >= top && box.y + box.height + d <= bottom;
    const shift = shifts.find((d) => fits(d) && !placed.some((p) => overlaps(p, at(d)))) ?? 0;
    if (shift !== 0) label.setAttribute("y", String(Number(label.getAttribute("y")) + shift));
    placed.push(at(shift));
  }
}

function el<K extends keyof SVGElementTagNameMap>(
  name: K,
  attributes: Record<string, string | number>,
  parent?: Element,
): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  parent?.appendChild(node);
  return node;
}

// A unit's name, numbered when the table has two of that name ("Infantry Squad #2").
export function unitLabel(table: TableView, unit: number): string {
  const name = table.units[unit].name;
  const same = table.units.filter((u) => u.name === name && u.side === table.units[unit].side);
  if (same.length < 2) return name;
  return `${name} #${same.indexOf(table.units[unit]) + 1}`;
}

export interface BoardHandlers {
  // A model of `unit` was pressed; a drag from it plans a move.
  onUnitPressed(unit: number): void;
  // The pointer was dragged from a unit to `to` (inches), live and at release.
  onDrag(unit: number, to: Point, released: boolean): void;
  // The table was clicked at `at` (inches) away from any unit: where a deep strike aims (ADV-26).
  onTablePressed?(at: Point): void;
}

export class Board {
  readonly svg: SVGSVGElement;
  private readonly layer: SVGGElement;
  private readonly ghosts: SVGGElement;
  private state?: StateView;
  private selected = -1;
  private dragging = -1;
  private readonly doors = new Map<string, SVGPolylineElement>();  // ACT-16
  private pressedAt: Point = [0, 0];  // where the drag began (inches)

  constructor(
    private readonly table: TableView,
    private readonly handlers: BoardHandlers,
  ) {
    const { width, height } = table;
    this.svg = el("svg", { viewBox: `-0.5 -0.5 ${width + 1} ${height + 1}`, "data-testid": "board" });
    this.drawTerrain();
    this.layer = el("g", { class: "units" }, this.svg);
    this.ghosts = el("g", { class: "ghosts" }, this.svg);
    this.svg.addEventListener("pointermove", (e) => {
      if (this.dragging >= 0) this.handlers.onDrag(this.dragging, this.dragTarget(e), false);
    });
    this.svg.addEventListener("click", (e) => {
      if ((e.target as Element).closest(".unit")) return;
      this.handlers.onTablePressed?.(this.toTable(e));
    });
    this.svg.addEventListener("pointerup", (e) => {
      if (this.dragging < 0) return;
      const unit = this.dragging;
      const to = this.dragTarget(e);
      this.dragging = -1;
      this.handlers.onDrag(unit, to, true);
    });
  }

  // Screen position to table inches.
  toTable(e: { clientX: number; clientY: number }): Point {
    const m = this.svg.getScreenCTM();
    if (!m) return [0, 0];
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    return [p.x, this.table.height - p.y];
  }

  // A drag moves the unit by the pointer's displacement: its centre heads for centre + offset.
  private dragTarget(e: { clientX: number; clientY: number }): Point {
    const now = this.toTable(e);
    const [cx, cy] = this.centre(this.dragging);
    return [cx + now[0] - this.pressedAt[0], cy + now[1] - this.pressedAt[1]];
  }

  private centre(unit: number): Point {
    const living = this.state ? modelsIn(this.table, this.state, unit).map((x) => x.m).filter((m) => m.alive) : [];
    if (living.length === 0) return [0, 0];
    return [
      living.reduce((s, m) => s + m.at[0], 0) / living.length,
      living.reduce((s, m) => s + m.at[1], 0) / living.length,
    ];
  }

  // Table inches to screen pixels (tests drag models by it).
  toScreen(at: Point): Point {
    const m = this.svg.getScreenCTM();
    if (!m) return [0, 0];
    const p = new DOMPoint(at[0], this.table.height - at[1]).matrixTransform(m);
    return [p.x, p.y];
  }

  private y(y: number): number {
    return this.table.height - y;
  }

  private points(points: Point[]): string {
    return points.map(([x, y]) => `${x.toFixed(2)},${this.y(y).toFixed(2)}`).join(" ");
  }

  private drawTerrain(): void {
    const t = this.table;
    el("rect", { x: 0, y: 0, width: t.width, height: t.height, fill: "#e8e4c9" }, this.svg);
    for (let x = 12; x < t.width; x += 12)
      el("line", { x1: x, y1: 0, x2: x, y2: t.height, stroke: "#000", "stroke-opacity": 0.08, "stroke-width": 0.08 }, this.svg);
    for (let y = 12; y < t.height; y += 12)
      el("line", { x1: 0, y1: y, x2: t.width, y2: y, stroke: "#000", "stroke-opacity": 0.08, "stroke-width": 0.08 }, this.svg);
    t.sides.forEach((side, s) => {
      if (!side.deployment) return;
      el("polygon", {
        points: this.points(side.deployment),
        fill: SIDE_COLOURS[s % 4],
        "fill-opacity": 0.06,
        stroke: SIDE_COLOURS[s % 4],
        "stroke-width": 0.1,
        "stroke-dasharray": "0.5 0.3",
      }, this.svg);
    });
    for (const f of t.features) {
      const [fill, stroke, opacity] = TERRAIN[f.kind] ?? ["#cfc7a8", "#7a745f", 0.7];
      const polygon = el("polygon", {
        points: this.points(f.footprint),
        fill,
        "fill-opacity": opacity,
        stroke,
        "stroke-width": f.blocks_sight ? 0.25 : 0.12,
      }, this.svg);
      el("title", {}, polygon).textContent =
        `${f.id}: ${f.kind}, ${f.cover} cover, ${f.movement} ground` +
        (f.height > 0 ? `, ${f.height}" high` : "") + (f.dangerous ? ", dangerous" : "");
    }
    for (const o of t.obstacles) {
      const door = o.kind === "door";
      const line = el("polyline", {
        points: this.points(o.points),
        fill: "none",
        stroke: door ? "#7e5109" : "#5a4632",
        "stroke-width": door ? 0.45 : 0.35,
        "stroke-linecap": "round",
      }, this.svg);
      el("title", {}, line).textContent = `${o.id}: ${o.kind}, ${o.height}" high`;
      if (door) this.doors.set(o.id, line);  // ACT-16: drawn open or shut as the state says
    }
    for (const o of t.objectives) {
      el("circle", { cx: o.at[0], cy: this.y(o.at[1]), r: o.radius, fill: "#f1c40f", "fill-opacity": 0.15, stroke: "#b7950b", "stroke-width": 0.12, "stroke-dasharray": "0.4 0.25" }, this.svg);
      el("circle", { cx: o.at[0], cy: this.y(o.at[1]), r: 0.5, fill: "#b7950b" }, this.svg);
      const label = el("text", { x: o.at[0] + 0.7, y: this.y(o.at[1]) - 0.7, "font-size": 1, fill: "#7d6608" }, this.svg);
      label.textContent = `${o.id} (${o.points})`;
    }
  }

  select(unit: number): void {
    this.selected = unit;
    if (this.state) this.render(this.state);
  }

  render(state: StateView): void {
    this.state = state;
    this.layer.replaceChildren();
    // ACT-16: an open door is drawn dashed, a shut one solid.
    for (const [id, line] of this.doors) {
      const open = state.open_doors?.includes(id) ?? false;
      line.setAttribute("stroke-dasharray", open ? "0.3 0.5" : "none");
      line.setAttribute("data-open", String(open));
    }
    // ADV-35/50: clouds laid in play (smoke grenades, dischargers); blind clouds darker.
    for (const c of state.clouds ?? []) {
      const [fill, stroke, opacity] = TERRAIN.smoke;
      const cloud = el("circle", {
        cx: c.at[0], cy: this.y(c.at[1]), r: c.radius, fill: c.blind ? "#5d6d7e" : fill,
        "fill-opacity": opacity, stroke, "stroke-width": 0.12, "stroke-dasharray": "0.5 0.2",
        "data-testid": "laid-cloud",
      }, this.layer);
      el("title", {}, cloud).textContent =
        `${c.blind ? "blind" : "smoke"} cloud laid by ${this.table.sides[c.side]?.name ?? `side ${c.side}`}`;
    }
    // ADV-15: portable ladders standing against a face (rungs across the way up) or lying.
    // ADV-14: a grapple's rope, hanging down a face or strung across a gap, is one line.
    (state.portable_ladders ?? []).forEach((l, k) => {
      if (l.state === "carried" || !l.at) return;
      if (l.kind === "grapple" && l.up) {
        const up = l.up;
        const from: Point = l.span ? l.at : [l.at[0] - up[0], l.at[1] - up[1]];
        const reach = l.span ?? 1;
        const to: Point = [l.at[0] + up[0] * reach, l.at[1] + up[1] * reach];
        const g = el("g", { "data-testid": l.span ? "grapple-rope-across" : "grapple-rope" }, this.layer);
        el("line", {
          x1: from[0], y1: this.y(from[1]), x2: to[0], y2: this.y(to[1]),
          stroke: "#c9a25b", "stroke-width": 0.22, "stroke-dasharray": "0.35 0.12",
        }, g);
        el("circle", { cx: to[0], cy: this.y(to[1]), r: 0.3, fill: "#5b5b5b" }, g);  // the hook
        const by = this.table.sides[l.side ?? 0]?.name ?? "?";
        el("title", {}, g).textContent = l.span
          ? `grapple rope ${k}: across a ${l.span.toFixed(1)}" gap, thrown by ${by}`
          : `grapple rope ${k}: up a ${l.rise}" face, thrown by ${by}`;
        return;
      }
      const up = l.state === "standing" && l.up ? l.up : [0, 1];
      const across: Point = [-up[1], up[0]];
      const half = l.state === "standing" ? 1 : 1.5;
      const ends: Point[] = [
        [l.at[0] - up[0] * half, l.at[1] - up[1] * half],
        [l.at[0] + up[0] * half, l.at[1] + up[1] * half],
      ];
      const g = el("g", { "data-testid": `portable-ladder-${l.state}` }, this.layer);
      for (const side of [-0.6, 0.6]) {
        el("line", {
          x1: ends[0][0] + across[0] * side, y1: this.y(ends[0][1] + across[1] * side),
          x2: ends[1][0] + across[0] * side, y2: this.y(ends[1][1] + across[1] * side),
          stroke: "#8e5b2d", "stroke-width": 0.18,
        }, g);
      }
      for (let r = 0; r <= 4; r++) {
        const t = r / 4;
        const x = ends[0][0] + (ends[1][0] - ends[0][0]) * t;
        const y = ends[0][1] + (ends[1][1] - ends[0][1]) * t;
        el("line", {
          x1: x - across[0] * 0.6, y1: this.y(y - across[1] * 0.6),
          x2: x + across[0] * 0.6, y2: this.y(y + across[1] * 0.6),
          stroke: "#8e5b2d", "stroke-width": 0.12,
        }, g);
      }
      el("title", {}, g).textContent = l.state === "standing"
        ? `portable ladder ${k}: standing (${l.rise}" up), set by ${this.table.sides[l.side ?? 0]?.name ?? "?"}`
        : `portable ladder ${k}: lying`;
    });
    const labels: SVGTextElement[] = [];
    for (const unit of state.units) {
      const info = this.table.units[unit.unit];
      if (!unit.alive) continue;
      const colour = SIDE_COLOURS[info.side % 4];
      const group = el("g", { "data-unit": unit.unit, class: "unit", cursor: "pointer" }, this.layer);
      let cx = 0;
      let cy = 0;
      let living = 0;
      modelsIn(this.table, state, unit.unit).forEach(({ m, model, i }) => {
        if (!m.alive) return;
        // ADV-22: a rider whose mount fell stands on its own, smaller base.
        const r = m.base_radius ?? model.base_radius;
        const profile = this.table.profiles[m.profile ?? model.profile];
        const y = this.y(m.at[1]);
        cx += m.at[0];
        cy += y;
        ++living;
        // ADV-41: a router's or pursuer's last move, dotted: shots at it measure to this path.
        if (m.crossfire_from) {
          el("line", {
            x1: m.crossfire_from[0], y1: this.y(m.crossfire_from[1]), x2: m.at[0], y2: y,
            stroke: colour, "stroke-width": 0.08, "stroke-dasharray": "0.3 0.3", opacity: 0.7,
            "data-crossfire": i,
          }, group);
        }
        el("circle", {
          cx: m.at[0], cy: y, r,
          fill: m.prone ? "#fff" : colour,
          stroke: unit.unit === this.selected ? "#f1c40f" : "#111",
          "stroke-width": unit.unit === this.selected ? 0.22 : 0.08,
          "data-model": i,
        }, group);
        // Facing: a tick from the centre toward the bearing (clockwise from north).
        const a = (m.facing * Math.PI) / 180;
        el("line", { x1: m.at[0], y1: y, x2: m.at[0] + Math.sin(a) * r, y2: y - Math.cos(a) * r, stroke: "#fff", "stroke-width": 0.1 }, group);
        if (profile && profile.W > 1 && m.wounds_left < profile.W) {
          const w = el("text", { x: m.at[0], y: y + 0.3, "font-size": 0.8, "text-anchor": "middle", fill: "#fff", "font-weight": "bold" }, group);
          w.textContent = String(m.wounds_left);
        }
      });
      if (living === 0) continue;
      const label = el("text", {
        x: cx / living, y: cy / living - 1.6, "font-size": 0.9, "text-anchor": "middle",
        fill: colour, stroke: "#fff", "stroke-width": 0.2, "paint-order": "stroke",
      }, group);
      const shown = unit.badges.filter((b) => b !== "attempted");
      if (unit.s_points) shown.push(`${unit.s_points} S`);  // ADV-02: suppression points
      label.textContent = unitLabel(this.table, unit.unit) + (shown.length ? ` [${shown.join(", ")}]` : "");
      labels.push(label);
      el("title", {}, group).textContent = `${info.name} (${living} models) ${unit.badges.join(", ")}`;
      group.addEventListener("pointerdown", (e) => {
        e.preventDefault();
        this.svg.setPointerCapture?.(e.pointerId);
        this.dragging = unit.unit;
        this.pressedAt = this.toTable(e);
        this.handlers.onUnitPressed(unit.unit);
      });
    }
    const view = this.svg.viewBox.baseVal;
    spreadLabels(labels, view.y, view.y + view.height);
    // Names above every base (a unit drawn later would hide an earlier one's); clicks go through
    // to the bases.
    const names = el("g", { class: "labels", "pointer-events": "none" }, this.layer);
    for (const label of labels) names.appendChild(label);
  }

  // Where a planned move would put the unit: translucent bases and the path of its centre.
  // ADV-26: the deep strike marker (a circle of `radius` inches) where it is aimed, or none.
  showMarker(at: Point | null, radius: number): void {
    this.ghosts.replaceChildren();
    if (!at) return;
    el("circle", {
      cx: at[0], cy: this.y(at[1]), r: radius, fill: "#444", "fill-opacity": 0.15,
      stroke: "#222", "stroke-width": 0.12, "stroke-dasharray": "0.4 0.25", "data-testid": "drop-marker",
    }, this.ghosts);
  }

  showPlan(unit: number, plan: Plan | null, to: Point | null): void {
    this.ghosts.replaceChildren();
    if (!this.state || !plan) return;
    const info = this.table.units[unit];
    const colour = plan.possible ? SIDE_COLOURS[info.side % 4] : "#999";
    const dx = plan.action?.dx ?? 0;
    const dy = plan.action?.dy ?? 0;
    modelsIn(this.table, this.state, unit).forEach(({ m, model }) => {
      if (!m.alive) return;
      el("circle", {
        cx: m.at[0] + dx, cy: this.y(m.at[1] + dy), r: m.base_radius ?? model.base_radius,
        fill: colour, "fill-opacity": 0.35, stroke: colour, "stroke-width": 0.08,
      }, this.ghosts);
    });
    if (to) {
      const [cx, cy] = this.centre(unit);
      el("line", { x1: cx, y1: this.y(cy), x2: to[0], y2: this.y(to[1]), stroke: "#333", "stroke-width": 0.08, "stroke-dasharray": "0.3 0.2" }, this.ghosts);
      el("line", { x1: cx, y1: this.y(cy), x2: cx + dx, y2: this.y(cy + dy), stroke: colour, "stroke-width": 0.2 }, this.ghosts);
    }
  }
}
