// CHARGE-02/03/04/07/08 with MOVE-03/05/07/12/21: the exact odds of a Charge reaching, from the
// Charge-distance distribution of rules/charge and the cost of the ground along the lead
// Charger's line. Used by `arap odds charge` (issue 17).
#include "odds/charge_odds.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "data/yaml_reader.hpp"
#include "dice/every_outcome.hpp"
#include "dice/probability.hpp"
#include "rules/encumbrance.hpp"
#include "table/movement.hpp"

namespace arap::odds {

namespace {

constexpr double kEpsilon = 1e-9;

// MOVE-03: an inch of each kind of ground costs what the table's movement classes cost.
double ground_factor(Ground ground) {
  switch (ground) {
    case Ground::difficult:
      return table::class_factor(table::MovementClass::difficult);
    case Ground::very_difficult:
      return table::class_factor(table::MovementClass::very_difficult);
    case Ground::open:
      break;
  }
  return table::class_factor(table::MovementClass::normal);
}

// The ground kind at `along` inches on the line (past the listed path it is open).
double factor_at(const std::vector<GroundStretch>& path, double along) {
  double start = 0.0;
  for (const auto& stretch : path) {
    if (along < start + stretch.length) return ground_factor(stretch.ground);
    start += stretch.length;
  }
  return 1.0;
}

// ADV-08: the inches of difficult or very difficult ground a Charger with Move Through Cover
// crosses free.
double free_rough_ground(const ChargeRequest& r) {
  return r.move.move_through_cover ? table::kMoveThroughCoverFree : 0.0;
}

// How far `allowance` carries the Charger along its line, never past `limit`. Obstacles cost
// their height (MOVE-21); a move that may not climb (`stop_at_tests`: the failed-Charge move,
// CHARGE-04) stops at the first obstacle that needs a test, and so does one that cannot pay.
double ground_reached(const ChargeRequest& r, double allowance, double limit, bool stop_at_tests) {
  std::vector<double> stops{limit};
  double start = 0.0;
  for (const auto& stretch : r.path) {
    start += stretch.length;
    if (start < limit) stops.push_back(start);
  }
  for (const auto& obstacle : r.obstacles)
    if (obstacle.at < limit) stops.push_back(obstacle.at);
  std::sort(stops.begin(), stops.end());
  double at = 0.0;
  double left = allowance;
  double free_rough = free_rough_ground(r);  // ADV-08
  for (const double stop : stops) {
    if (stop > at + kEpsilon) {
      const double factor = factor_at(r.path, 0.5 * (at + stop));
      const double free = factor > 1.0 ? std::min(free_rough, stop - at) : 0.0;
      const double needed = (stop - at - free) * factor;
      if (left + kEpsilon < needed) return at + free + std::max(0.0, left) / factor;
      left -= needed;
      free_rough -= free;
      at = stop;
    }
    for (const auto& obstacle : r.obstacles) {
      if (std::abs(obstacle.at - at) > kEpsilon || at >= limit - kEpsilon) continue;
      if (stop_at_tests && obstacle.initiative_test) return at;
      if (left + kEpsilon < obstacle.height) return at;
      left -= obstacle.height;
    }
  }
  return std::min(at, limit);
}

// The allowance needed to cover `ground` inches: turning, the ground and every obstacle before.
double allowance_for(const ChargeRequest& r, double ground) {
  double cost = table::turning_cost(r.turn_degrees);
  double at = 0.0;
  double free_rough = free_rough_ground(r);  // ADV-08
  for (const auto& stretch : r.path) {
    const double take = std::min(stretch.length, ground - at);
    if (take <= 0.0) break;
    const double free = stretch.ground != Ground::open ? std::min(free_rough, take) : 0.0;
    free_rough -= free;
    cost += (take - free) * ground_factor(stretch.ground);
    at += take;
  }
  if (ground > at) cost += ground - at;
  for (const auto& obstacle : r.obstacles)
    if (obstacle.at < ground - kEpsilon) cost += obstacle.height;
  return cost;
}

// A named unit's M for the dice: its slowest model's current move (ADV-18), rounded down.
int slowest_whole_move(const data::UnitDefinition& unit) {
  double move = 99.0;
  for (const auto& group : unit.models) move = std::min(move, rules::encumbered_move(group));
  return static_cast<int>(std::floor(move + 1e-9));
}

dice::Distribution charge_roll(const ChargeRequest& r) {
  return rules::charge_distance_distribution(r.move, r.dice_rule);
}

// P(the roll covers `allowance`).
double p_roll_at_least(const dice::Distribution& roll, double allowance) {
  return roll.at_least(static_cast<int>(std::ceil(allowance - kEpsilon)));
}

// CHARGE-07: the chance of passing every test on the first `gap` inches.
double p_tests(const ChargeRequest& r, double gap) {
  double p = 1.0;
  for (const auto& obstacle : r.obstacles)
    if (obstacle.initiative_test && obstacle.at < gap - kEpsilon) p *= dice::p_low(r.initiative);
  return p;
}

double gap_of(const ChargeRequest& r, double distance) {
  return std::max(0.0, distance - r.melee_radius);
}

// P(contact) for the enemy `distance` away; a runner adds its flight to the gap (CHARGE-08) over
// open ground past the listed path.
double p_reach_at(const ChargeRequest& r, const dice::Distribution& roll, double distance) {
  const double gap = gap_of(r, distance);
  const double tests = p_tests(r, gap);
  if (!r.target_runs_move) return p_roll_at_least(roll, allowance_for(r, gap)) * tests;
  const dice::Distribution flight = table::flee_distance_distribution(*r.target_runs_move);
  double p = 0.0;
  for (int f = flight.lowest(); f <= flight.highest(); ++f)
    if (flight[f] > 0.0) p += flight[f] * p_roll_at_least(roll, allowance_for(r, gap + f));
  return p * tests;
}

}  // namespace

std::string_view to_string(Ground ground) {
  switch (ground) {
    case Ground::open:
      return "open";
    case Ground::difficult:
      return "difficult";
    case Ground::very_difficult:
      return "very_difficult";
  }
  return "open";
}

ChargeReport evaluate_charge(const ChargeRequest& r) {
  ChargeReport report;
  report.roll = charge_roll(r);
  report.gap = gap_of(r, r.distance);
  report.turn_cost = table::turning_cost(r.turn_degrees);
  report.allowance_needed = allowance_for(r, report.gap);
  report.p_tests_passed = p_tests(r, report.gap);
  report.p_reach = p_reach_at(r, report.roll, r.distance);

  // CHARGE-04: a short roll moves the unit its highest single die toward the target (MOVE-03
  // and obstacles as for any move; it does not climb). The highest die and the total come from
  // the same dice, so they are enumerated together.
  std::map<std::pair<long long, bool>, double> failed;  // (inches in 1e-6 steps, halted)
  const auto add_failed = [&failed](double inches, bool halted, double p) {
    if (p <= 0.0) return;
    failed[{std::llround(inches * 1e6), halted}] += p;
  };
  const auto short_of = [&](int distance_rolled, int flight) {
    return distance_rolled + kEpsilon < allowance_for(r, report.gap + flight);
  };
  // The live rule's own roll, walked over every face (CHARGE-02 and its highest die agree).
  const auto each_roll = [&](auto&& visit) {  // visit(distance, highest die, probability)
    dice::for_each_outcome(
        [&](dice::DiceSource& dice) { return rules::roll_charge(dice, r.move, r.dice_rule); },
        [&](const rules::ChargeRoll& roll, double p) {
          visit(roll.distance, roll.highest_die, p);
        });
  };
  const dice::Distribution flight = r.target_runs_move
                                        ? table::flee_distance_distribution(*r.target_runs_move)
                                        : dice::Distribution::point(0);
  const double turning = report.turn_cost;
  for (int f = flight.lowest(); f <= flight.highest(); ++f) {
    if (flight[f] <= 0.0) continue;
    const double gap = report.gap + f;
    each_roll([&](int distance_rolled, int highest, double p) {
      p *= flight[f];
      if (short_of(distance_rolled, f)) {
        report.p_short += p;
        add_failed(ground_reached(r, highest - turning, gap, true), false, p);
        return;
      }
      // CHARGE-07: the tests on the way, in order; the first failure halts the unit there.
      double passing = p;
      std::vector<ChargeObstacle> tests;
      for (const auto& obstacle : r.obstacles)
        if (obstacle.initiative_test && obstacle.at < report.gap - kEpsilon)
          tests.push_back(obstacle);
      std::sort(tests.begin(), tests.end(),
                [](const ChargeObstacle& a, const ChargeObstacle& b) { return a.at < b.at; });
      for (const auto& obstacle : tests) {
        const double pass = dice::p_low(r.initiative);
        report.p_halted += passing * (1.0 - pass);
        add_failed(obstacle.at, true, passing * (1.0 - pass));
        passing *= pass;
      }
    });
  }
  double failed_total = 0.0;
  double failed_sum = 0.0;
  for (const auto& [key, p] : failed) {
    const double inches = static_cast<double>(key.first) / 1e6;
    report.failed_moves.push_back({inches, p, key.second});
    failed_total += p;
    failed_sum += p * inches;
  }
  report.mean_failed_move = failed_total > 0.0 ? failed_sum / failed_total : 0.0;

  // The same gap in each kind of ground, and in variable ground (MOVE-12, optional).
  for (const Ground ground : {Ground::open, Ground::difficult, Ground::very_difficult}) {
    ChargeRequest plain = r;
    plain.path = {{ground, std::max(report.gap, 0.0) + 1000.0}};
    plain.move.variable_sides.reset();
    report.by_ground.push_back(
        {std::string(to_string(ground)), p_reach_at(plain, charge_roll(plain), r.distance)});
  }
  ChargeRequest variable = r;
  variable.path.clear();
  variable.move.variable_sides = table::variable_die_sides(r.move.move);
  report.by_ground.push_back({"variable", p_reach_at(variable, charge_roll(variable), r.distance)});

  const int furthest = static_cast<int>(std::ceil(r.melee_radius)) + report.roll.highest() + 1;
  for (int d = 0; d <= furthest; ++d)
    report.reach_by_distance.push_back(p_reach_at(r, report.roll, d));

  if (r.target_runs_move)
    report.notes.push_back(
        "CHARGE-08: the target runs first, straight away over open ground; contact catches it "
        "and it routs");
  if (r.move.prone) report.notes.push_back("CHARGE-02: a prone unit charges exactly its M");
  if (r.move.fixed_rate)
    report.notes.push_back("ADV-27: a robot charges exactly its M (optional machine rates)");
  if (r.move.variable_sides)
    report.notes.push_back(
        fmt::format("MOVE-12: in variable ground the roll is twice the better of {} D{}",
                    r.move.move_through_cover ? "three" : "two", *r.move.variable_sides));
  if (r.move.move_through_cover)
    report.notes.push_back(
        "ADV-08: Move Through Cover: the first inch of difficult or very difficult ground is free");
  if (report.turn_cost > 0.0)
    report.notes.push_back(
        fmt::format("MOVE-07: turning {} degrees costs {}\"", r.turn_degrees, report.turn_cost));
  if (!r.obstacles.empty())
    report.notes.push_back(
        "MOVE-21/CHARGE-07: obstacles cost their height; a failed Initiative test halts the unit "
        "at "
        "the obstacle, and a failed Charge's move does not climb");
  return report;
}

namespace {

using data::Field;

Ground parse_ground(const Field& f) {
  const std::string name = f.as_string();
  for (const Ground g : {Ground::open, Ground::difficult, Ground::very_difficult})
    if (name == to_string(g)) return g;
  f.fail(fmt::format("unknown ground \"{}\" (open, difficult or very_difficult){}", name,
                     data::did_you_mean(name, {"open", "difficult", "very_difficult"})));
}

}  // namespace

ChargeRequest parse_charge_request(const std::string& text, const std::string& source_name,
                                   const LibraryLoader& library) {
  const Field root = Field::load_text(text, source_name);
  root.expect_map();
  root.allow_only({"charger", "distance", "melee_radius", "path", "obstacles", "turn", "variable",
                   "target_runs", "rulings"});
  ChargeRequest r;
  if (root.has("rulings")) {
    const Field rulings = root["rulings"];
    rulings.allow_only({"ruling.CHARGE-02"});
    rules::Rulings set;
    try {
      set.set("ruling.CHARGE-02", rulings["ruling.CHARGE-02"].as_string());
    } catch (const std::invalid_argument& error) {
      rulings["ruling.CHARGE-02"].fail(error.what());
    }
    r.dice_rule = set.charge_02();
  }
  const Field charger = root["charger"];
  charger.expect_map();
  bool radius_known = false;
  if (names_a_unit(charger)) {
    charger.allow_only({"army", "unit", "models", "move", "initiative", "size", "prone", "leaping",
                        "move_through_cover", "robot"});
    const NamedUnit named = read_named_unit(charger, library);
    // The unit moves at its slowest model's current move (as in play: encumbrance, ADV-18, on by
    // default), its whole inches added to the dice; the lead Charger is of the main group.
    r.move.move = slowest_whole_move(*named.unit);
    r.initiative = named.main->profile->initiative;
    for (const auto& group : named.unit->models)
      if (group.leader) r.initiative = group.profile->initiative;
    r.melee_radius = named.main->profile->size;
    r.move.leaping = named.main->profile->has_rule("leaping");
    r.move.move_through_cover = named.main->profile->has_rule("move_through_cover");  // ADV-08
    r.named_units.push_back("charger: " + named.describe());
  } else {
    charger.allow_only(
        {"move", "initiative", "size", "prone", "leaping", "move_through_cover", "robot"});
    r.move.move = charger["move"].as_int(1, 30);
  }
  if (charger.has("move")) r.move.move = charger["move"].as_int(1, 30);
  if (charger.has("initiative")) r.initiative = charger["initiative"].as_int(0, 10);
  if (charger.has("size")) {
    r.melee_radius = charger["size"].as_int(1, 4);
    radius_known = true;
  }
  if (charger.has("prone")) r.move.prone = charger["prone"].as_bool();
  // ADV-27 (optional machine rates): a robot charges exactly its M. Asked for, not assumed from
  // a named robot's profile, as the option is off unless a scenario turns it on.
  if (charger.has("robot")) r.move.fixed_rate = charger["robot"].as_bool();
  if (charger.has("leaping")) r.move.leaping = charger["leaping"].as_bool();
  if (charger.has("move_through_cover"))
    r.move.move_through_cover = charger["move_through_cover"].as_bool();
  if (root.has("melee_radius")) {
    if (radius_known)
      root["melee_radius"].fail("give the Charger's size or melee_radius, not both");
    r.melee_radius = root["melee_radius"].as_number(0.0, 10.0);
  }
  r.distance = root["distance"].as_number(0.0, 200.0);
  const double gap = std::max(0.0, r.distance - r.melee_radius);
  if (root.has("path")) {
    const Field path = root["path"];
    path.expect_sequence();
    double total = 0.0;
    for (std::size_t i = 0; i < path.size(); ++i) {
      const Field stretch = path.at(i);
      stretch.expect_map();
      stretch.allow_only({"ground", "length"});
      GroundStretch s{parse_ground(stretch["ground"]), stretch["length"].as_number(0.0, 200.0)};
      total += s.length;
      if (total > r.distance + kEpsilon)
        stretch["length"].fail(fmt::format("the path is {}\" long so far, past the enemy {}\" away",
                                           total, r.distance));
      r.path.push_back(s);
    }
  }
  if (root.has("obstacles")) {
    const Field list = root["obstacles"];
    list.expect_sequence();
    for (std::size_t i = 0; i < list.size(); ++i) {
      const Field o = list.at(i);
      o.expect_map();
      o.allow_only({"at", "height", "initiative_test"});
      ChargeObstacle obstacle;
      obstacle.at = o["at"].as_number(0.0, 200.0);
      if (obstacle.at <= 0.0 || obstacle.at >= gap)
        o["at"].fail(
            fmt::format("an obstacle lies between the Charger and the point where it makes contact "
                        "(0 < at < {}\")",
                        gap));
      obstacle.height = o.has("height") ? o["height"].as_number(0.0, 20.0) : 0.0;
      obstacle.initiative_test = o.has("initiative_test") && o["initiative_test"].as_bool();
      r.obstacles.push_back(obstacle);
    }
  }
  if (root.has("turn")) r.turn_degrees = root["turn"].as_int(0, 180);
  if (root.has("variable") && root["variable"].as_bool())
    r.move.variable_sides = table::variable_die_sides(r.move.move);
  if (root.has("target_runs")) {
    const Field runs = root["target_runs"];
    runs.expect_map();
    if (names_a_unit(runs)) {
      runs.allow_only({"army", "unit", "models"});
      const NamedUnit named = read_named_unit(runs, library);
      r.target_runs_move = slowest_whole_move(*named.unit);
      r.named_units.push_back("target: " + named.describe());
    } else {
      runs.allow_only({"move"});
      r.target_runs_move = runs["move"].as_int(1, 30);
    }
  }
  if (r.move.prone && r.move.variable_sides)
    root["variable"].fail("CHARGE-02: a prone unit charges exactly its M, variable ground or not");
  if (r.move.fixed_rate && r.move.variable_sides)
    root["variable"].fail("ADV-27: a robot charges exactly its M, variable ground or not");
  return r;
}

nlohmann::json to_json(const ChargeReport& report) {
  nlohmann::json roll = nlohmann::json::object();
  for (int v = report.roll.lowest(); v <= report.roll.highest(); ++v)
    if (report.roll[v] > 0.0) roll[std::to_string(v)] = report.roll[v];
  nlohmann::json failed = nlohmann::json::array();
  for (const auto& f : report.failed_moves)
    failed.push_back({{"inches", f.inches}, {"probability", f.probability}, {"halted", f.halted}});
  nlohmann::json by_ground = nlohmann::json::object();
  for (const auto& row : report.by_ground) by_ground[row.ground] = row.p_reach;
  return {{"roll", roll},
          {"mean_roll", report.roll.mean()},
          {"gap", report.gap},
          {"turn_cost", report.turn_cost},
          {"allowance_needed", report.allowance_needed},
          {"p_reach", report.p_reach},
          {"p_short", report.p_short},
          {"p_halted", report.p_halted},
          {"p_tests_passed", report.p_tests_passed},
          {"failed_moves", failed},
          {"mean_failed_move", report.mean_failed_move},
          {"by_ground", by_ground},
          {"reach_by_distance", report.reach_by_distance},
          {"notes", report.notes}};
}

}  // namespace arap::odds
