// The server's API (docs/server.md) as typed calls. Errors come back as ApiError with the
// server's reason and, for an illegal action, the rule it breaks.

export type Point = [number, number];

export interface Action {
  type: string;
  unit?: number;
  target?: number;
  dice?: number;
  mode?: string;
  dx?: number;
  dy?: number;
  facing?: number;
  x?: number;  // deep_strike (ADV-26): the marker's aim point; throw_smoke (ADV-35): the aim point; place_ladder (ADV-15): the face's point
  y?: number;
  split?: { group: number; target: number }[];  // shoot (ADV-32): model groups sent at other units
  krak?: boolean;     // fight (MELEE-26)
  buckler?: boolean;  // fight (ADV-60)
  pursue?: boolean;   // fight (MELEE-24), pursuit_order (MELEE-25)
  [key: string]: unknown;
}

export interface Decision {
  phase: string;
  side: number;
  unit?: number;
  action_points?: number;
  failed_dice?: number;
}

export interface ModelView {
  at: Point;
  facing: number;
  alive: boolean;
  wounds_left: number;
  prone: boolean;
  fell_over?: boolean; // MOVE-15
  heavy_only?: boolean; // ADV-29
  crossfire_from?: Point; // ADV-41: where a router's or pursuer's last move began
  unit?: number; // GEN-09: the sub-unit it stands in, when not its squad
  mount_wounds_left?: number; // ADV-22: its mount's wounds, while it rides one apart
  dismounted?: boolean; // ADV-22: its mount fell; the rider on foot, on its own base
  profile?: string;
  base_radius?: number;
}

export interface UnitView {
  unit: number;
  alive: boolean;
  living_models: number;
  badges: string[];
  s_points?: number;  // ADV-02: suppression points
  locked_with: number[];
  models: ModelView[];
}

export interface StateView {
  turn: number;
  phasing: number;
  phase: string;
  pending: Decision;
  active_unit: number;
  action_points: number;
  busts: number;
  failed_dice: number;
  score: number[];
  finished: boolean;
  winner?: number;
  actions_applied: number;
  units: UnitView[];
  open_doors?: string[];  // ACT-16
  declared_fire?: Action;  // ADV-01: the fire awaiting its target's answer
  weather?: WeatherView;  // ADV-21: only with the option weather
  clouds?: CloudView[];  // ADV-35/50: clouds laid in play
  portable_ladders?: PortableLadderView[];  // ADV-15: only when a unit has one
}

// ADV-15: a portable ladder, carried, lying or standing against a face.
export interface PortableLadderView {
  state: "carried" | "lying" | "standing";
  kind?: "ladder" | "grapple";  // standing: ADV-14's grapple ropes are listed here too
  carrier?: number;
  at?: Point;
  up?: Point;
  rise?: number;
  side?: number;
  span?: number;  // ADV-14: a grapple's rope strung across a gap, this long from `at` along `up`
}

// ADV-35/50: a cloud laid by a smoke grenade or discharger.
export interface CloudView {
  at: Point;
  radius: number;
  side: number;
  blind: boolean;
}

// ADV-21: the rain and what it does now.
export interface WeatherView {
  rain: number;  // 0 (none) to 4
  sight: number;  // inches a model without infra-vision sees; 0: no limit
  move_rate: number;  // the part of its distance every move covers
  swimming: boolean;
  short_range_only: boolean;  // laser, flamer, melta and plasma weapons
}

export interface Profile {
  id: string;
  name: string;
  M: number;
  WS: number;
  BS: number;
  S: number;
  T: number;
  W: number;
  I: number;
  A: number;
  Ld: number;
  Sv?: number;
  invulnerable?: number;
  special_rules: string[];
}

export interface TableModel { profile: string; leader: boolean; base_radius: number; weapons: string[]; group?: number }

// GEN-09: the models standing in `unit` now, with their table entries. The state view lists every
// model under its squad; one standing in a sub-unit names it in `unit`.
export function modelsIn(table: TableView, state: StateView, unit: number): { m: ModelView; model: TableModel; i: number }[] {
  // GEN-09: a sub-unit's models are listed under its squad, naming it in `unit`; ADV-19/20: a
  // joined character's or a merged mob's under their own squad, naming the unit they stand in.
  const out: { m: ModelView; model: TableModel; i: number }[] = [];
  state.units.forEach((listed, squad) => {
    const models = table.units[squad]?.models ?? [];
    (listed?.models ?? []).forEach((m, i) => {
      if ((m.unit ?? squad) === unit) out.push({ m, model: models[i], i });
    });
  });
  return out;
}

export interface TableView {
  name: string;
  description: string;
  width: number;
  height: number;
  turn_limit: number;
  features: {
    id: string;
    kind: string;
    footprint: Point[];
    cover: string;
    movement: string;
    height: number;
    blocks_sight: boolean;
    dangerous: boolean;
  }[];
  obstacles: { id: string; kind: string; points: Point[]; height: number; open?: boolean }[];
  // ACT-16: doors and consoles, numbered as a `use` action's target names them.
  devices?: { id: string; kind: string; level: number; doors: string[] }[];
  objectives: { id: string; at: Point; radius: number; points: number }[];
  sides: { name: string; army?: string; deployment?: Point[] }[];
  units: {
    id: string;
    name: string;
    side: number;
    activation_value: number;
    move: number;
    squad?: number;  // GEN-09: a sub-unit slot's squad (its models are listed under the squad)
    models: TableModel[];
    groups?: string[];  // ADV-32: the unit's model groups, as a split shot names them
  }[];
  profiles: Record<string, Profile>;
}

export interface Seat {
  side: number;
  name: string;
  player: string;
  token?: string;
}

export interface GameSummary {
  id: string;
  scenario: string;
  seed: number;
  seats: Seat[];
  actions: number;
  events: number;
  digest: string;
  state: StateView;
  ai_error?: string;
}

export type GameEvent = Record<string, unknown> & { type: string };

export interface Plan {
  possible: boolean;
  action?: Action;
  inches: number;
  wanted: number;
  cost: number;
  allowance: number;
  action_points: number;
  reached: boolean;
  stop?: { rule: string; text: string };
}

export type Preview = Record<string, unknown> & {
  action: string;
  refused?: { rule: string; text: string };
};

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly rule?: string,
  ) {
    super(message);
  }
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(path, init);
  const body = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) throw new ApiError(body.error ?? response.statusText, response.status, body.rule);
  return body as T;
}

function post<T>(path: string, body: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  return call<T>(path, { method: "POST", headers, body: JSON.stringify(body) });
}

export interface Rule {
  id: string;
  title: string;
  tier: string;
  status: string;
  summary: string;
}

export const api = {
  rules: () => call<Rule[]>("/api/rules"),
  games: () => call<Omit<GameSummary, "state">[]>("/api/games"),
  importRecord: (record: unknown) =>
    post<{ id: string; seed: number; seats: Seat[] }>("/api/games", { record }),
  at: (id: string, n: number) =>
    call<{ at: number; first_event: number; events: GameEvent[]; state: StateView }>(
      `/api/games/${id}/at/${n}`,
    ),
  report: async (id: string) => (await fetch(`/api/games/${id}/report`)).text(),
  agents: () => call<{ agents: string[]; default: string }>("/api/agents"),
  scenarios: () =>
    call<{ id: string; name: string; description: string; sides: string[]; seats?: (string | null)[] }[]>(
      "/api/scenarios",
    ),
  create: (request: { scenario: string; seats: string[]; seed?: number }) =>
    post<{ id: string; seed: number; seats: Seat[] }>("/api/games", request),
  game: (id: string) => call<GameSummary>(`/api/games/${id}`),
  table: (id: string) => call<TableView>(`/api/games/${id}/table`),
  legal: (id: string) =>
    call<{ pending: Decision; actions_applied: number; actions: Action[] }>(`/api/games/${id}/legal`),
  events: (id: string, since: number) =>
    call<{ first_event: number; events: GameEvent[]; next: number }>(
      `/api/games/${id}/events?since=${since}`,
    ),
  plan: (id: string, unit: number, mode: string, to: Point) =>
    post<Plan>(`/api/games/${id}/plan`, { unit, mode, to }),
  preview: (id: string, action: Action) => post<Preview>(`/api/games/${id}/preview`, { action }),
  apply: (id: string, action: Action, token: string, after: number) =>
    post<{ first_event: number; events: GameEvent[]; state: StateView }>(
      `/api/games/${id}/actions`,
      { action, after },
      token,
    ),
};
