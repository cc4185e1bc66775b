// Browser test (issue 16): Debian's Chromium, driven by Playwright, plays a short hot-seat game on
// the real server: start a game from the lobby, activate after reading P(bust), move by dragging
// a unit (the engine's plan shown), shoot after reading the odds, charge, and answer the charge.
// Screenshots go to web/test/screens/. Usage: node test/play.mjs ARAP_BINARY [DATA_DIR]
import { chromium } from "playwright-core";
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const binary = process.argv[2];
const data = process.argv[3] ?? join(here, "..", "..", "data");
if (!binary) throw new Error("usage: node test/play.mjs ARAP_BINARY [DATA_DIR]");
const screens = join(here, "screens");
mkdirSync(screens, { recursive: true });
const work = mkdtempSync(join(tmpdir(), "arap-web-"));

let failures = 0;
function check(name, ok, detail = "") {
  console.log(`${ok ? "ok" : "FAIL"}: ${name}${ok || !detail ? "" : ` (${detail})`}`);
  if (!ok) failures++;
}

// The server on a free port, its page from dist/.
const server = spawn(binary, ["serve", "--port", "0", "--db", join(work, "games.db"),
  "--web", join(here, "..", "dist"), "--data", data], { stdio: ["ignore", "pipe", "inherit"] });
const base = await new Promise((resolve, reject) => {
  let out = "";
  server.stdout.on("data", (chunk) => {
    out += chunk;
    const m = out.match(/open (http:\/\/[^\s]+)\//);
    if (m) resolve(m[1]);
  });
  server.on("exit", (code) => reject(new Error(`arap serve exited with ${code}`)));
  setTimeout(() => reject(new Error("arap serve did not start")), 20000);
});

// A hot-seat game (both seats human) of `scenarioText`, opened in `page` with both seats' links,
// Blue's first, so that the page ends on Red's.
async function openHotSeat(page, scenarioText, seed) {
  const game = await (await fetch(`${base}/api/games`, {
    method: "POST",
    body: JSON.stringify({ scenario_text: scenarioText, seed, seats: ["human", "human"] }),
  })).json();
  await page.goto(`${base}/?game=${game.id}&side=1&token=${game.seats[1].token}`);
  await page.goto(`${base}/?game=${game.id}&side=0&token=${game.seats[0].token}`);
  return game;
}

// Runs `act` (a click on the page) and waits until the server has applied one more action.
async function afterAnAction(page, gameId, act) {
  const before = (await (await fetch(`${base}/api/games/${gameId}`)).json()).actions;
  await act();
  await page.waitForFunction(async ([n, game]) =>
    (await (await fetch(`/api/games/${game}`)).json()).actions > n, [before, gameId]);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox"],
});
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const pageErrors = [];
  page.on("pageerror", (e) => pageErrors.push(String(e)));

  // The lobby starts a game against the AI.
  await page.goto(`${base}/`);
  await page.waitForSelector("#start");
  await page.selectOption("#scenario", "ruined_town");
  await page.screenshot({ path: join(screens, "1-lobby.png") });
  await page.click("#start");
  await page.waitForSelector("[data-testid=board] .unit");
  await page.screenshot({ path: join(screens, "2-ruined-town.png") });
  const drawn = await page.locator("[data-testid=board] .unit").count();
  // The scenario's units; the empty sub-unit slots after them (GEN-09) draw nothing until a split.
  const units = (await (await fetch(`${base}/api/games/${new URL(page.url()).searchParams.get("game")}/table`)).json()).units
    .filter((u) => u.squad === undefined).length;
  check("the lobby starts a game and draws every unit", drawn === units && units > 0, `${drawn} of ${units}`);
  // Units deployed side by side: every unit's name is drawn, and no two names overlap.
  const nameBoxes = await page.locator("[data-testid=board] .labels text").evaluateAll((texts) =>
    texts.map((t) => { const b = t.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; }));
  const clash = nameBoxes.some((a, i) => nameBoxes.some((b, j) =>
    j > i && a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]));
  check("every unit's name is drawn clear of the others", nameBoxes.length === units && !clash,
    `${nameBoxes.length} names of ${units} units${clash ? ", some overlapping" : ""}`);
  // ACT-16: Ruined Town's depot gate starts open and is drawn so (dashed).
  const gate = await page.locator("[data-testid=board] polyline[data-open]").getAttribute("data-open");
  check("the depot gate is drawn open, as the state says", gate === "true", String(gate));
  // ADV-18: the lascannon team's panel says what its load leaves it (2.5" a move).
  const tableView = await (await fetch(`${base}/api/games/${new URL(page.url()).searchParams.get("game")}/table`)).json();
  const team = tableView.units.findIndex((u) => u.name.startsWith("Heavy Weapons Team"));
  await page.locator(`[data-testid=board] .unit[data-unit="${team}"] circle`).first().click({ force: true });
  const slowed = await page.locator("[data-testid=current-move]").innerText().catch(() => "");
  check("an encumbered unit's panel gives its current move", slowed.includes('2.5"'), slowed);
  await page.screenshot({ path: join(screens, "2a-encumbered-team.png") });

  // Against the lobby's default agent (the tactician): Red ends its activation phase, Blue's agent
  // plays, and the AI panel says what it chose, why, and what it weighed against it.
  await page.waitForSelector("[data-testid=decision] button");
  const endPhase = page.locator("[data-testid=decision] button", { hasText: "end phase" });
  if (await endPhase.count()) await endPhase.first().click();
  await page.waitForSelector("[data-testid=ai] strong", { timeout: 30000 });
  const reasoning = await page.locator("[data-testid=ai]").innerText();
  check("the AI panel explains the tactician's choice", reasoning.includes("tactician chose") &&
    reasoning.includes("Weighed against"), reasoning);
  await page.screenshot({ path: join(screens, "2b-ai-reasoning.png") });

  // A hot-seat skirmish with a fixed seed: both seats in this browser.
  const created = await openHotSeat(page, readFileSync(join(here, "skirmish.yaml"), "utf8"),
    Number(process.env.SEED ?? 3));
  const id = created.id;
  await page.waitForSelector("[data-testid=decision] button");

  const decision = page.locator("[data-testid=decision]");
  const logText = () => page.locator("[data-testid=log]").innerText();
  const appliedCount = async () => (await (await fetch(`${base}/api/games/${id}`)).json()).actions;
  // Clicks an action button (and its commit, after the odds show) and waits for the game to move.
  async function act(label, { odds } = {}) {
    const before = await appliedCount();
    const button = decision.locator("button", { hasText: label }).first();
    await button.click();
    if (odds) {
      await page.waitForSelector("[data-testid=odds]");
      const shown = await page.locator("[data-testid=odds]").innerText();
      check(`odds shown before: ${label}`, shown.includes(odds), shown);
      await page.screenshot({ path: join(screens, `odds-${label.replace(/\W+/g, "-")}.png`) });
      await page.click("[data-testid=commit]");
    }
    await page.waitForFunction(async ([n, game]) => {
      const r = await fetch(`/api/games/${game}`);
      return (await r.json()).actions > n;
    }, [before, id]);
    await page.waitForTimeout(150);
  }
  const has = async (label) => (await decision.locator("button", { hasText: label }).count()) > 0;

  // Red activates its squad after reading P(bust).
  await act("2 dice", { odds: "P(bust)" });
  check("the activation roll is in the dice log", (await logText()).includes("ACT-06"));

  // Red drags its squad 3" forward: the engine's plan is drawn, then applied.
  if ((await page.locator("[data-testid=decision] h2").innerText()).includes("AP")) {
    const model = page.locator('[data-testid=board] .unit[data-unit="0"] circle').first();
    const box = await model.boundingBox();
    const inch = box.width / (2 * 0.49);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - 1.5 * inch, { steps: 5 });
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - 3 * inch, { steps: 5 });
    await page.mouse.up();
    await page.waitForSelector("[data-testid=plan]");
    const plan = await page.locator("[data-testid=plan]").innerText();
    check("dragging shows the planned move", /cost .* of .*AP/.test(plan), plan);
    await page.screenshot({ path: join(screens, "3-drag-plan.png") });
    const before = await appliedCount();
    await page.click("[data-testid=commit-move]");
    await page.waitForFunction(async ([n, game]) => (await (await fetch(`/api/games/${game}`)).json()).actions > n, [before, id]);
    await page.waitForTimeout(150);
    check("the move is applied", (await appliedCount()) === before + 1);
  }
  // Red shoots after reading the odds, if it has the AP left.
  if (await has("shoots")) {
    await act("shoots", { odds: "models slain" });
    check("the shooting dice are in the log", /to hit|hit/i.test(await logText()));
    await page.screenshot({ path: join(screens, "4-after-shooting.png") });
  }
  // Play on (ending activations and phases) until Blue may charge; then charge, and Red answers.
  let charged = false;
  let answered = false;
  for (let step = 0; step < 60 && !answered; ++step) {
    if ((await page.locator("#status").innerText()).startsWith("game over")) break;
    const heading = await page.locator("[data-testid=decision] h2").innerText();
    if (!charged && heading.startsWith("Blue") && (await has("charges"))) {
      await act("charges", { odds: "P(charge reaches)" });
      charged = true;
    } else if (heading.includes("charge response")) {
      await page.screenshot({ path: join(screens, "5-charge-response.png") });
      if (await has("stand and fire")) await act("stand and fire", { odds: "" });
      else await act("hold");
      answered = true;
    } else if (heading.startsWith("Blue") && heading.includes("activation") && (await has("3 dice"))) {
      await act("3 dice", { odds: "P(bust)" });
    } else if (await has("end activation")) {
      await act("end activation");
    } else if (await has("end phase")) {
      await act("end phase");
    } else if (await decision.locator("button").count()) {
      await act("");  // whatever comes first (a pick-up, a reaction, a mêlée choice)
    } else {
      await page.screenshot({ path: join(screens, "stuck.png") });
      check("the page offers a decision", false, await decision.innerText());
      break;
    }
  }
  check("Blue charged after reading P(charge reaches)", charged);
  check("Red answered the charge", answered);
  await page.screenshot({ path: join(screens, "6-after-charge.png") });
  check("no script errors on the page", pageErrors.length === 0, pageErrors.join("; "));

  // A roll's rule explains itself on hover (the catalogue summary in the project's words).
  const ruleTitle = await page.locator("[data-testid=log] .rule").first().getAttribute("title");
  check("a roll's rule shows its summary on hover", /^[A-Z]+-\d+ .+: .+/.test(ruleTitle ?? ""), ruleTitle);

  // A game saved by `arap play --save`, opened in the replay viewer; the slider walks it.
  const saved = join(work, "saved.json");
  execFileSync(binary, ["play", join(data, "scenarios", "woods_and_river.yaml"), "--seed", "4",
    "--red", "greedy", "--blue", "greedy", "--save", saved, "--data", data], { stdio: "ignore" });
  await page.goto(`${base}/`);
  await page.setInputFiles("[data-testid=upload]", saved);
  await page.waitForSelector("[data-testid=slider]");
  await page.waitForFunction(() => document.querySelector("[data-testid=caption]")?.textContent?.includes("game over"));
  const last = await page.locator("[data-testid=caption]").innerText();
  await page.screenshot({ path: join(screens, "7-replay-end.png") });
  await page.locator("[data-testid=slider]").fill("5");
  await page.waitForFunction(() => document.querySelector("[data-testid=caption]")?.textContent?.startsWith("action 5 "));
  const early = await page.locator("[data-testid=caption]").innerText();
  await page.screenshot({ path: join(screens, "8-replay-action-5.png") });
  check("the replay viewer walks a saved game", last.includes("game over") && early.includes("turn 1"), `${last} / ${early}`);

  // ADV-26: Terminators teleport in. Both sides end turn 1; in Red's turn 2 the page asks where
  // the marker comes down, a click on the table aims it and the commit rolls the scatter.
  const dropGame = await openHotSeat(page, [
    "name: Drop zone", "table: {width: 48, height: 48}", "turn_limit: 4", "sides:",
    "  - {name: Red, army: space_marines, units: [{unit: terminator_squad, at: [24, 3], reserve: {deep_strike: true, rolls: [1]}}, {unit: tactical_squad, at: [10, 4]}]}",
    "  - {name: Blue, army: orks, units: [{unit: slugga_boyz, at: [24, 44], facing: 180, formation: block}]}",
  ].join("\n"), 5);
  for (let k = 0; k < 2; ++k) {
    await afterAnAction(page, dropGame.id, () =>
      page.locator("[data-testid=decision] button", { hasText: "end phase" }).first().click());
  }
  await page.waitForSelector("[data-testid=drop-hint]");
  const board = await page.locator("[data-testid=board]").boundingBox();
  const at = (x, y) => [board.x + (x + 0.5) / 49 * board.width, board.y + (48 - y + 0.5) / 49 * board.height];
  await page.mouse.click(...at(24, 24));
  await page.waitForSelector("[data-testid=drop-marker]");
  await page.waitForSelector("[data-testid=commit]");
  const aimed = await page.locator("[data-testid=commit]").innerText();
  check("a click on the table aims the deep strike", /deep strikes at \(2[34]\.\d, 2[34]\.\d\)/.test(aimed), aimed);
  // ADV-26: a mishap is at least the double's 1 in 6 (more if the marker may reach the Boyz).
  const dropOdds = await page.locator("[data-testid=odds]").innerText();
  const mishap = /P\(mishap\)\s+([\d.]+)\s?%/.exec(dropOdds);
  check("the aimed drop shows its exact P(mishap)", mishap && Number(mishap[1]) >= 16.6 &&
    /of which a double\s+16\.7\s?%/.test(dropOdds), dropOdds);
  await page.screenshot({ path: join(screens, "6-deep-strike-aimed.png") });
  await afterAnAction(page, dropGame.id, () => page.click("[data-testid=commit]"));
  await page.waitForTimeout(300);
  const dropLog = await page.locator("[data-testid=log]").innerText();
  check("the deep strike's scatter is in the dice log", dropLog.includes("ADV-26") &&
    /deep strike( mishap)?/.test(dropLog), dropLog.slice(-400));
  await page.screenshot({ path: join(screens, "7-deep-strike-landed.png") });

  // ADV-19: a Commissar within 3" of a Guard squad joins it from the decision panel; the board then
  // draws him with the squad and nothing for his own unit.
  const joinGame = await openHotSeat(page, [
    "name: Joining", "table: {width: 48, height: 48}", "turn_limit: 2", "sides:",
    "  - {name: Red, army: imperial_guard, units: [{unit: infantry_squad, at: [24, 6]}, {unit: commissar, at: [32.5, 5]}]}",
    "  - {name: Blue, army: orks, units: [{unit: slugga_boyz, at: [24, 44], facing: 180, formation: block}]}",
  ].join("\n"), 6);
  const joinButton = page.locator("[data-testid=decision] button", { hasText: "Commissar joins Infantry Squad" }).first();
  await joinButton.waitFor();
  await afterAnAction(page, joinGame.id, () => joinButton.click());
  await page.waitForTimeout(300);
  const hostBases = await page.locator('[data-testid=board] .unit[data-unit="0"] circle').count();
  const ownBases = await page.locator('[data-testid=board] .unit[data-unit="1"] circle').count();
  const joinLog = await page.locator("[data-testid=log]").innerText();
  check("a joined character is drawn with the squad he joined", hostBases === 11 && ownBases === 0 &&
    joinLog.includes("ADV-19"), `${hostBases} bases in the squad, ${ownBases} in his own unit`);
  await page.screenshot({ path: join(screens, "8-commissar-joined.png") });

  // ADV-14: a grapple thrown across a gap between rooftops is drawn as one rope, edge to edge. The
  // Veterans stand 1" from the gap's near edge; seeds are tried until the activation and the throw
  // (both real dice) succeed.
  const rooftops = [
    "name: Rooftops", "table: {width: 48, height: 48}", "turn_limit: 2", "terrain:",
    "  - {id: near_roofs, kind: ground, elevation: 3, polygon: [[4, 4], [44, 4], [44, 12], [4, 12]]}",
    "  - {id: far_roofs, kind: ground, elevation: 3, polygon: [[4, 13.5], [44, 13.5], [44, 20], [4, 20]]}",
    "sides:",
    "  - {name: Red, army: imperial_guard, units: [{unit: veteran_squad, at: [20, 11]}]}",
    "  - {name: Blue, army: orks, units: [{unit: slugga_boyz, at: [24, 44], facing: 180}]}",
  ].join("\n");
  const post = (game, seat, action) => fetch(`${base}/api/games/${game.id}/actions`, {
    method: "POST",
    headers: { Authorization: `Bearer ${game.seats[seat].token}` },
    body: JSON.stringify({ action }),
  });
  const legal = async (game) => (await fetch(`${base}/api/games/${game.id}/legal`)).json();
  let roped = null;
  for (let seed = 1; seed <= 40 && !roped; seed++) {
    const game = await (await fetch(`${base}/api/games`, {
      method: "POST",
      body: JSON.stringify({ scenario_text: rooftops, seed, seats: ["human", "human"] }),
    })).json();
    let open = await legal(game);
    const activate = open.actions.find((a) => a.type === "activate" && a.unit === 0 && a.dice === 3);
    if (!activate) continue;
    await post(game, open.pending.side, activate);
    open = await legal(game);
    const across = open.actions.find((a) => a.type === "throw_grapple" && Math.abs(a.y - 13.5) < 0.01);
    if (!across) continue;
    await post(game, open.pending.side, across);
    const view = (await (await fetch(`${base}/api/games/${game.id}`)).json()).state;
    if ((view.portable_ladders ?? []).some((l) => l.span > 0)) roped = game;
  }
  check("a grapple holds across a gap in one of the seeds tried", roped !== null);
  if (roped) {
    await page.goto(`${base}/?game=${roped.id}&side=0&token=${roped.seats[0].token}`);
    const rope = page.locator("[data-testid=grapple-rope-across]");
    await rope.waitFor();
    const title = await rope.locator("title").textContent();
    check("a rope across a gap is drawn with its length", title.includes('across a 1.5" gap'), title);
    await page.screenshot({ path: join(screens, "9-rope-across-gap.png") });
  }

  // The server refuses what the page must not do: the page shows the rule and reason.
  const refused = await (await fetch(`${base}/api/games/${id}/actions`, {
    method: "POST",
    headers: { Authorization: `Bearer ${created.seats[0].token}` },
    body: JSON.stringify({ action: { type: "activate", unit: 0, dice: 7 } }),
  })).json();
  check("an illegal action is refused with a reason", typeof refused.error === "string", JSON.stringify(refused));
} finally {
  await browser.close();
  server.kill("SIGTERM");
  rmSync(work, { recursive: true, force: true });
}
console.log(failures === 0 ? "browser test passed" : `${failures} browser checks failed`);
process.exit(failures === 0 ? 0 : 1);
