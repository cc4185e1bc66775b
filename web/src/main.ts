// The arap page (issue 16): a lobby to start a game, and the table with the pending decision, the
// engine's odds before every commit, moves planned live while dragging, and the dice log.
import { api, ApiError, modelsIn } from "./api";
import type { Action, GameEvent, GameSummary, Plan, Point, Rule, StateView, TableView } from "./api";
import { Board, unitLabel } from "./board";
import { describeAction, describePreview, h, rainText } from "./describe";

const app = document.getElementById("app")!;
const status = document.getElementById("status")!;

function showError(where: HTMLElement, error: unknown): void {
  const text = error instanceof ApiError
    ? (error.rule ? `${error.rule}: ` : "") + error.message
    : String(error);
  where.replaceChildren(h("p", { class: "error", role: "alert" }, text));
}

// The secrets this browser holds for a game, by side (kept in localStorage).
function tokens(game: string): Record<number, string> {
  return JSON.parse(localStorage.getItem(`arap:${game}`) ?? "{}");
}
function keepToken(game: string, side: number, token: string): void {
  const held = tokens(game);
  held[side] = token;
  localStorage.setItem(`arap:${game}`, JSON.stringify(held));
}

async function lobby(): Promise<void> {
  status.textContent = "new game";
  const [scenarios, agents] = await Promise.all([api.scenarios(), api.agents()]);
  const pick = h("select", { id: "scenario" });
  for (const s of scenarios) pick.append(h("option", { value: s.id }, s.name));
  const seats = h("div");
  const about = h("p", { class: "hint" });
  const fillSeats = () => {
    const s = scenarios.find((x) => x.id === pick.value)!;
    about.textContent = s.description;
    seats.replaceChildren(
      ...s.sides.map((name, i) => {
        const select = h("select", { "data-side": String(i), id: `seat-${i}` });
        // The scenario may seat an agent of its own (`ai:`, issue 15), perhaps with a personality.
        const seated = s.seats?.[i] ?? null;
        const players = ["human", ...agents.agents];
        if (seated && !players.includes(seated)) players.push(seated);
        for (const player of players) select.append(h("option", { value: player }, player));
        select.value = i === 0 ? "human" : (seated ?? agents.default);
        return h("label", { class: `side-${i}` }, `${name}: `, select, " ");
      }),
    );
  };
  pick.addEventListener("change", fillSeats);
  fillSeats();
  const start = h("button", { class: "primary", id: "start" }, "Start the game");
  const message = h("div");
  start.addEventListener("click", async () => {
    try {
      const players = [...seats.querySelectorAll("select")].map((s) => (s as HTMLSelectElement).value);
      const game = await api.create({ scenario: pick.value, seats: players });
      for (const seat of game.seats) if (seat.token) keepToken(game.id, seat.side, seat.token);
      location.search = `?game=${game.id}`;
    } catch (error) {
      showError(message, error);
    }
  });
  const upload = h("input", { type: "file", accept: ".json,application/json", "data-testid": "upload" });
  const uploadMessage = h("div");
  upload.addEventListener("change", async () => {
    try {
      const file = upload.files?.[0];
      if (!file) return;
      const game = await api.importRecord(JSON.parse(await file.text()));
      for (const seat of game.seats) if (seat.token) keepToken(game.id, seat.side, seat.token);
      location.search = `?replay=${game.id}`;
    } catch (error) {
      showError(uploadMessage, error);
    }
  });
  const list = h("ul", { "data-testid": "games" });
  for (const g of (await api.games()).slice(-20).reverse())
    list.append(h("li", {}, `${g.scenario} (${g.seats.map((s) => `${s.name}: ${s.player}`).join(", ")}, ${g.actions} actions) `,
      h("a", { href: `/?game=${g.id}` }, "open"), " · ", h("a", { href: `/?replay=${g.id}` }, "replay")));
  app.replaceChildren(
    h("div", { class: "lobby" },
      h("section", {}, h("h2", {}, "Play"), h("label", {}, "Scenario: ", pick), about, seats, start, message),
      h("section", {}, h("h2", {}, "Replay a saved game"),
        h("p", { class: "hint" }, "A game saved by arap play --save, or downloaded from a game's record."),
        upload, uploadMessage),
      h("section", {}, h("h2", {}, "Games on this server"), list),
      h("section", {}, h("p", { class: "hint" },
        "Humans share one browser (hot seat) or send each other a seat's link from the game page. " +
        "The engine enforces every rule and shows the exact odds of each action before you commit.")),
    ),
  );
}

// The catalogue's rules in the project's words, for a roll's rule on hover.
const rules = new Map<string, Rule>();
async function loadRules(): Promise<void> {
  if (rules.size > 0) return;
  try {
    for (const r of await api.rules()) rules.set(r.id, r);
  } catch {
    // The log still names the rule; only its summary is missing.
  }
}

// One line of the dice log: what happened, the dice against their goal, the rule.
function describeEvent(e: GameEvent, table: TableView): HTMLElement {
  const unitName = (u: unknown) => (typeof u === "number" && table.units[u] ? unitLabel(table, u) : "");
  const parts: string[] = [];
  if (e.type === "ai_choice") {
    const options = (e.options as AiOption[]) ?? [];
    const line = h("div", { class: "ai-line" }, `${e.agent} thinks: ${options[0]?.text ?? ""}`);
    if (options[0]?.why) line.append(` (${options[0].why})`);
    return line;
  }
  if (e.type === "action") {
    const a = e.action as Action;
    const side = e.side as number;
    parts.push(`${table.sides[side]?.name ?? side}: ${a.type.replace(/_/g, " ")}`);
    if (a.unit !== undefined && a.unit >= 0) parts.push(unitName(a.unit));
    if (a.type === "use" && a.target !== undefined) parts.push(`→ ${table.devices?.[a.target]?.id ?? a.target}`);
    else if (a.target !== undefined && a.target >= 0) parts.push(`→ ${unitName(a.target)}`);
    if (a.dice) parts.push(`(${a.dice} dice)`);
  } else {
    parts.push(e.type.replace(/_/g, " "));
    if (e.what) parts.push(String(e.what));
    if (e.unit !== undefined) parts.push(unitName(e.unit));
    if (Array.isArray(e.dice)) parts.push(`rolled ${(e.dice as number[]).join(" ")}`);
    if (e.goal !== undefined) parts.push(`goal ${e.goal}`);
    for (const key of ["hits", "wounds", "unsaved", "slain", "passed", "distance", "reached", "winner"])
      if (e[key] !== undefined) parts.push(`${key} ${typeof e[key] === "number" ? +(e[key] as number).toFixed(2) : e[key]}`);
  }
  const line = h("div", {}, parts.join(" "));
  if (typeof e.rule === "string") {
    const rule = rules.get(e.rule);
    line.append(" ", h("span", {
      class: "rule",
      title: rule ? `${rule.id} ${rule.title}: ${rule.summary}` : `rule ${e.rule}`,
    }, e.rule));
  } else {
    line.title = JSON.stringify(e);
  }
  return line;
}

const ODDS_KINDS = new Set(["activate", "shoot", "throw_grenade", "throw_smoke", "cast_down_ladder", "charge", "pick_up", "stand_and_fire"]);
const MOVE_KINDS = new Set(["move", "free_move", "consolidate"]);
// A consolidation of nothing (ADV-68) is a button, not a drag.
// A move the player drags; staying put (no consolidation) and closing ranks (GEN-09/ADV-19, no
// displacement to choose) are buttons.
const isMove = (a: Action) =>
  MOVE_KINDS.has(a.type) && !(a.type === "consolidate" && !a.dx && !a.dy) && a.mode !== "close_ranks";

// One option an agent weighed (an ai_choice event's options, docs/game.md).
interface AiOption {
  text: string;
  score: number | null;
  why?: string;
  odds?: Record<string, number>;
}

// The AI panel: the agent's last choice, why, and what it weighed against it.
function aiPanel(e: GameEvent): HTMLElement[] {
  const options = (e.options as AiOption[]) ?? [];
  if (!options.length) return [];
  const [chosen, ...others] = options;
  const rows: HTMLElement[] = [
    h("p", {}, h("strong", {}, `${e.agent} chose: ${chosen.text}`), chosen.why ? ` — ${chosen.why}` : ""),
  ];
  if (others.length) {
    const list = h("ul", {});
    for (const o of others) {
      const gap = o.score === null || chosen.score === null ? "ruled out" : `${(o.score - chosen.score).toFixed(1)}`;
      list.append(h("li", {}, `${o.text}${o.why ? ` — ${o.why}` : ""} [${gap}]`));
    }
    rows.push(h("p", { class: "hint" }, `Weighed against (score difference; ${e.considered} options in all):`), list);
  }
  return rows;
}

class GameView {
  private board: Board;
  private state: StateView;
  private events = 0;
  private readonly log = h("div", { class: "log", "data-testid": "log" });
  private readonly ai = h("section", { "data-testid": "ai", hidden: "" });
  private readonly decision = h("section", { "data-testid": "decision" });
  private readonly unitPanel = h("section", { "data-testid": "unit" });
  private readonly heading = h("section");
  private mode = "normal";
  private planning = false;
  private pendingDrag: { unit: number; to: Point; released: boolean } | null = null;
  // ADV-26: the unit whose deep strike marker a click on the table aims, while one waits.
  private drop: { unit: number; token: string; where: HTMLElement } | null = null;
  // The actions_applied the decision panel was drawn for. The page's own apply and the stream
  // both deliver each new state; drawing the panel twice would throw away odds (and a deep strike
  // aim) that the player asked for in between, leaving its Commit button off the page.
  private decidedAt = -1;

  constructor(
    private readonly id: string,
    private readonly table: TableView,
    summary: GameSummary,
  ) {
    this.state = summary.state;
    this.board = new Board(table, {
      onUnitPressed: (unit) => this.showUnit(unit),
      onDrag: (unit, to, released) => this.drag(unit, to, released),
      onTablePressed: (at) => this.aimDrop(at),
    });
    app.replaceChildren(
      h("div", { class: "game" },
        h("div", { class: "board" }, this.board.svg),
        h("div", { class: "panel" }, this.heading, this.decision, this.ai, this.unitPanel,
          h("section", {}, h("h2", {}, "Dice log"), this.log))),
    );
    this.shareLinks(summary);
  }

  async start(): Promise<void> {
    const history = await api.events(this.id, 0);
    for (const e of history.events) this.logEvent(e);
    this.events = history.next;
    this.log.scrollTop = this.log.scrollHeight;
    await this.refresh(this.state);
    const stream = new EventSource(`/api/games/${this.id}/stream?since=${this.events}`);
    stream.addEventListener("update", (message) => {
      const update = JSON.parse((message as MessageEvent).data);
      this.take(update.first_event, update.events, update.state);
    });
  }

  private shareLinks(summary: GameSummary): void {
    const held = tokens(this.id);
    const humans = summary.seats.filter((s) => s.player === "human" && held[s.side]);
    if (humans.length < 2) return;
    const box = h("details", {}, h("summary", {}, "Links for other players"));
    for (const seat of humans)
      box.append(h("div", {}, `${seat.name}: `,
        h("code", {}, `${location.origin}/?game=${this.id}&side=${seat.side}&token=${held[seat.side]}`)));
    this.heading.after(h("section", {}, box));
  }

  // One event into the dice log; an agent's reasons also into the AI panel (its latest choice).
  private logEvent(e: GameEvent): void {
    this.log.append(describeEvent(e, this.table));
    if (e.type !== "ai_choice") return;
    this.ai.hidden = false;
    this.ai.replaceChildren(h("h2", {}, "The AI's reasoning"), ...aiPanel(e));
  }

  // New events from `first` on (from the stream or our own apply): log them, show the state.
  private take(first: number, events: GameEvent[], state: StateView): void {
    for (let i = Math.max(0, this.events - first); i < events.length; ++i) this.logEvent(events[i]);
    this.events = Math.max(this.events, first + events.length);
    this.log.scrollTop = this.log.scrollHeight;
    if (state.actions_applied >= this.state.actions_applied) void this.refresh(state);
  }

  private async refresh(state: StateView): Promise<void> {
    this.state = state;
    this.board.render(state);
    const sides = this.table.sides;
    const pending = state.pending;
    this.heading.replaceChildren(
      h("h2", {}, `${this.table.name}: turn ${state.turn} of ${this.table.turn_limit}`),
      h("div", {}, `Score: ${state.score.map((s, i) => `${sides[i].name} ${s}`).join(", ")}`),
    );
    if (state.weather) this.heading.append(h("div", { "data-testid": "weather" }, rainText(state.weather)));
    status.textContent = state.finished
      ? `game over: ${state.winner !== undefined && state.winner >= 0 ? sides[state.winner].name + " wins" : "a draw"}`
      : `${sides[pending.side].name} decides (${pending.phase.replace(/_/g, " ")})`;
    if (state.finished) {
      const report = h("pre", { class: "report", "data-testid": "report" });
      this.decision.replaceChildren(h("h2", {}, "The battle is over"), h("p", {}, status.textContent),
        h("a", { href: `/?replay=${this.id}` }, "Replay it move by move"), report);
      report.textContent = await api.report(this.id);
      return;
    }
    if (this.decidedAt === state.actions_applied) return;
    this.decidedAt = state.actions_applied;
    const token = tokens(this.id)[pending.side];
    if (!token) {
      this.decision.replaceChildren(h("h2", {}, `${sides[pending.side].name} is deciding…`));
      return;
    }
    const legal = await api.legal(this.id);
    if (legal.actions_applied !== this.state.actions_applied) return;  // a newer state is coming
    // A newer state's refresh draws the panel. (Not `state !== this.state`: a repeat delivery of
    // this same state is a newer object, and its refresh stops at decidedAt, leaving this one to.)
    if (legal.actions_applied !== state.actions_applied) return;
    this.renderDecision(legal.actions, token);
  }

  private renderDecision(actions: Action[], token: string): void {
    const pending = this.state.pending;
    const side = this.table.sides[pending.side].name;
    const title = h("h2", { class: `side-${pending.side}` },
      `${side}: ${pending.phase.replace(/_/g, " ")}` +
      (pending.unit !== undefined ? ` — ${unitLabel(this.table, pending.unit)}` : "") +
      (pending.phase === "active" || pending.phase === "reaction" ? `, ${pending.action_points ?? 0} AP` : ""));
    const list = h("div", { class: "actions" });
    const odds = h("div");
    const moves = actions.filter(isMove);
    // Activations: one row a unit, a button per number of dice.
    const rows = new Map<number, HTMLElement>();
    for (const a of actions) {
      if (a.type !== "activate") continue;
      let row = rows.get(a.unit!);
      if (!row) {
        row = h("div", { class: "activate-row" }, `Activate ${unitLabel(this.table, a.unit!)}:`);
        rows.set(a.unit!, row);
        list.append(row);
      }
      const button = h("button", { "data-action": "activate", title: describeAction(a, this.table) },
        `${a.dice} ${a.dice === 1 ? "die" : "dice"}`);
      button.addEventListener("click", () => this.offer(a, token, odds));
      row.append(button);
    }
    const drops = actions.filter((a) => a.type === "deep_strike");
    this.drop = drops.length ? { unit: drops[0].unit!, token, where: odds } : null;
    for (const a of actions) {
      if (isMove(a) || a.type === "activate" || a.type === "deep_strike") continue;
      const button = h("button", { "data-action": a.type }, describeAction(a, this.table));
      button.addEventListener("click", () => (ODDS_KINDS.has(a.type) ? this.offer(a, token, odds) : this.commit(a, token, odds)));
      list.append(button);
    }
    const parts: Node[] = [title];
    const fire = this.state.declared_fire;  // ADV-01: say what is coming before the choice
    if (fire && fire.unit !== undefined && fire.target !== undefined)
      parts.push(h("p", { class: "hint", "data-testid": "declared-fire" },
        `${unitLabel(this.table, fire.unit)} ${fire.type === "throw_grenade" ? "throws a grenade at" : "opens fire on"} ` +
        `${unitLabel(this.table, fire.target)}. Go to ground before the dice are rolled?`));
    parts.push(list);
    if (this.drop)
      parts.push(h("p", { class: "hint", "data-testid": "drop-hint" },
        `${unitLabel(this.table, this.drop.unit)} arrives by deep strike: click the table where its 5" marker ` +
        `should come down. It then scatters 2D6" (a double, or landing on models, impassable ground or the ` +
        `edge, is a mishap).`));
    if (moves.length) {
      const modes = [...new Set(moves.map((m) => m.mode ?? "normal"))];
      if (!modes.includes(this.mode)) this.mode = modes[0];
      const select = h("select", { "data-testid": "mode" });
      for (const m of modes) select.append(h("option", { value: m }, m));
      select.value = this.mode;
      select.addEventListener("change", () => (this.mode = select.value));
      const movers = [...new Set(moves.map((m) => unitLabel(this.table, m.unit!)))];
      parts.push(h("p", { class: "hint" },
        `Move: drag ${movers.join(" or ")} on the table; the engine shows how far it can go. Mode: `, select));
    }
    parts.push(odds);
    this.decision.replaceChildren(...parts);
  }

  // ADV-26: a click on the table aims the waiting deep strike there; a button commits it.
  private aimDrop(at: Point): void {
    if (!this.drop) return;
    const { unit, token, where } = this.drop;
    const round = (v: number) => Math.round(v * 10) / 10;
    const action: Action = { type: "deep_strike", unit, x: round(at[0]), y: round(at[1]) };
    this.board.showMarker([round(at[0]), round(at[1])], 2.5);
    // ADV-26: the exact odds of where it comes down (a double, the edge, blocked ground, models).
    void this.offer(action, token, where);
  }

  // Shows the exact odds of `action` from the table as it stands, with a button to commit.
  private async offer(action: Action, token: string, where: HTMLElement): Promise<void> {
    try {
      const preview = await api.preview(this.id, action);
      const commit = h("button", { class: "primary", "data-testid": "commit" }, `Commit: ${describeAction(action, this.table)}`);
      commit.addEventListener("click", () => this.commit(action, token, where));
      where.replaceChildren(describePreview(preview), commit);
    } catch (error) {
      showError(where, error);
    }
  }

  private async commit(action: Action, token: string, where: HTMLElement): Promise<void> {
    try {
      const applied = await api.apply(this.id, action, token, this.state.actions_applied);
      this.board.showPlan(-1, null, null);
      this.take(applied.first_event, applied.events, applied.state);
    } catch (error) {
      showError(where, error);
    }
  }

  private showUnit(unit: number): void {
    this.board.select(unit);
    // GEN-09: a sub-unit shows its squad's profiles and the models standing in it.
    const info = this.table.units[this.table.units[unit].squad ?? unit];
    const view = this.state.units[unit];
    const standing = modelsIn(this.table, this.state, unit);
    const rows = h("table", { class: "unit-info" },
      h("tr", {}, ...["", "M", "WS", "BS", "S", "T", "W", "I", "A", "Ld", "Sv"].map((k) => h("th", {}, k))));
    // ADV-19/20: with the profiles of a joined character or a merged mob standing in it.
    const guests = standing.map((x) => x.model).filter((model) => model && !info.models.includes(model));
    for (const id of [...new Set([...info.models, ...guests].map((m) => m.profile))]) {
      const p = this.table.profiles[id];
      rows.append(h("tr", {}, h("td", {}, p.name),
        ...[p.M, p.WS, p.BS, p.S, p.T, p.W, p.I, p.A, p.Ld, p.Sv ? `${p.Sv}+` : "-"].map((v) => h("td", {}, String(v)))));
    }
    const weapons = [...new Set([...info.models, ...guests].flatMap((m) => m.weapons))];
    this.unitPanel.replaceChildren(
      h("h2", { class: `side-${info.side}` }, `${unitLabel(this.table, unit)} (${view.living_models} of ${standing.length})`),
      rows,
      h("div", { class: "hint" }, `Weapons: ${weapons.join(", ") || "none"}; activation ${info.activation_value}`),
      ...(this.slowed(unit) ? [h("div", { class: "hint", "data-testid": "current-move" },
        `Moves ${info.move}" a move: what it carries slows it (ADV-18, encumbrance)`)] : []),
      h("div", {}, ...view.badges.map((b) => h("span", { class: "badge" }, b))),
    );
  }

  // ADV-18: true when the unit's current move is below every one of its models' M.
  private slowed(unit: number): boolean {
    const info = this.table.units[this.table.units[unit].squad ?? unit];
    const slowest = Math.min(...info.models.map((m) => this.table.profiles[m.profile].M));
    return info.move < slowest;
  }

  // Dragging a unit asks the engine for the furthest legal move toward the pointer (one request
  // in flight; the latest position wins); release offers the planned move.
  private drag(unit: number, to: Point, released: boolean): void {
    const pending = this.state.pending;
    if (pending.unit !== undefined && pending.unit !== unit && pending.phase !== "activation") return;
    this.pendingDrag = { unit, to, released };
    if (!this.planning) void this.planNext();
  }

  private async planNext(): Promise<void> {
    this.planning = true;
    while (this.pendingDrag) {
      const { unit, to, released } = this.pendingDrag;
      this.pendingDrag = null;
      let plan: Plan;
      try {
        plan = await api.plan(this.id, unit, this.mode, to);
      } catch {
        continue;
      }
      this.board.showPlan(unit, plan, to);
      if (released) this.offerMove(unit, plan);
    }
    this.planning = false;
  }

  private offerMove(unit: number, plan: Plan): void {
    const token = tokens(this.id)[this.state.pending.side];
    const where = this.decision.querySelector("div:last-child") as HTMLElement ?? this.decision;
    const text = `${unitLabel(this.table, unit)}: ${plan.inches.toFixed(1)}" (cost ${plan.cost.toFixed(2)}" of ${plan.allowance.toFixed(2)}", ${plan.action_points} AP)`;
    const box = h("div", { class: "odds", "data-testid": "plan" }, text);
    if (plan.stop) box.append(h("div", { class: "hint" }, `stops short: ${plan.stop.rule ? plan.stop.rule + ": " : ""}${plan.stop.text}`));
    const parts: Node[] = [box];
    if (plan.possible && plan.action && token) {
      const move = h("button", { class: "primary", "data-testid": "commit-move" }, "Move there");
      move.addEventListener("click", () => this.commit(plan.action!, token, where));
      parts.push(move);
    }
    where.replaceChildren(...parts);
  }
}

// The replay viewer: a slider over the game's actions; the table after each, and its events.
async function replay(id: string): Promise<void> {
  const [table, summary] = await Promise.all([api.table(id), api.game(id)]);
  document.title = `arap replay: ${table.name}`;
  const board = new Board(table, { onUnitPressed: () => {}, onDrag: () => {} });
  const slider = h("input", { type: "range", min: "0", max: String(summary.actions), value: String(summary.actions), "data-testid": "slider" });
  const caption = h("div", { "data-testid": "caption" });
  const log = h("div", { class: "log" });
  const show = async () => {
    const n = Number(slider.value);
    const view = await api.at(id, n);
    if (Number(slider.value) !== n) return;  // the slider moved on meanwhile
    board.render(view.state);
    const s = view.state;
    caption.textContent = `action ${n} of ${summary.actions}: turn ${s.turn}, ` +
      `score ${s.score.map((v, i) => `${table.sides[i].name} ${v}`).join(", ")}` +
      (s.finished ? " (game over)" : "");
    log.replaceChildren(...view.events.map((e) => describeEvent(e, table)));
  };
  const step = (d: number) => () => {
    slider.value = String(Math.min(summary.actions, Math.max(0, Number(slider.value) + d)));
    void show();
  };
  const back = h("button", {}, "◀");
  const forward = h("button", {}, "▶");
  back.addEventListener("click", step(-1));
  forward.addEventListener("click", step(1));
  slider.addEventListener("input", () => void show());
  status.textContent = `replay: ${table.name}`;
  app.replaceChildren(h("div", { class: "game" },
    h("div", { class: "board" }, board.svg),
    h("div", { class: "panel" },
      h("section", {}, h("h2", {}, `Replay: ${table.name}`), back, slider, forward, caption,
        h("div", {}, h("a", { href: `/?game=${id}` }, "Open the game"), " · ",
          h("a", { href: `/api/games/${id}/record`, download: `arap-${id}.json` }, "Download the record"))),
      h("section", {}, h("h2", {}, "This action's events"), log))));
  await show();
}

async function main(): Promise<void> {
  const params = new URLSearchParams(location.search);
  const id = params.get("game");
  // A seat's link: keep its secret at once (before anything waits), then drop it from the address.
  const side = params.get("side");
  const token = params.get("token");
  if (id && side !== null && token) {
    keepToken(id, Number(side), token);
    history.replaceState(null, "", `?game=${id}`);
  }
  try {
    await loadRules();
    const replayed = params.get("replay");
    if (replayed) return await replay(replayed);
    if (!id) return await lobby();
    const [table, summary] = await Promise.all([api.table(id), api.game(id)]);
    document.title = `arap: ${table.name}`;
    await new GameView(id, table, summary).start();
  } catch (error) {
    showError(app, error);
  }
}

void main();
