// OpenSpiel's habit: random playouts of whole games on every shipped scenario. After every action
// a copy of the state applies the same action to the same result, with or without a log; actions
// survive their JSON round trip; the invariants hold; the quick legality check agrees with the
// worded one. Every game replays from its saved record (JSON text) to the identical state and
// log, and the same seed gives the same game.
#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "ai/agents.hpp"
#include "ai/match.hpp"
#include "game/context.hpp"
#include "game/record.hpp"
#include "support/game_fixture.hpp"
#include "support/log_audit.hpp"

namespace arap::game {
namespace {

void check_playout_invariants(const GameState& s) {
  ASSERT_EQ(invariant_violations(s), std::vector<std::string>{});
  const auto& setup = *s.setup;
  ASSERT_LE(s.turn, setup.scenario.turn_limit);
  for (std::size_t m = 0; m < s.models.size(); ++m) {
    const auto& model = s.models[m];
    if (model.pose.alive) {
      ASSERT_GE(model.wounds_left, 1) << "model " << m;
      ASSERT_TRUE(setup.scenario.table.on_table(model.pose.position)) << "model " << m;
    } else {
      ASSERT_LE(model.wounds_left, setup.models[m].profile->wounds);
    }
  }
  for (std::size_t u = 0; u < s.units.size(); ++u) {
    const auto& unit = s.units[u];
    ASSERT_FALSE(unit.own_turn.pinned && unit.own_turn.suppressed) << "SHOOT-29: never both";
    ASSERT_FALSE(unit.routing && unit.rout_pending);
  }
  const Decision d = pending(s);
  if (s.phase == Phase::active || s.phase == Phase::reaction) {
    // ADV-06: a unit whose AP are spent stays active only while its Fleet move is open.
    if (d.action_points <= 0) {
      ASSERT_EQ(detail::fleet_problem(s, d.unit), "");
    }
    ASSERT_TRUE(s.unit_alive(d.unit));
  }
  if (s.phase == Phase::pick_up) {
    ASSERT_GT(s.failed_dice, 0);
  }
}

// red_greedy / blue_greedy: which sides the greedy agent plays (every pairing is covered).
void playout(const std::shared_ptr<const GameSetup>& setup, std::uint64_t seed, bool red_greedy,
             bool blue_greedy) {
  ai::RandomAgent random;
  ai::GreedyAgent smart;
  dice::Xoshiro256pp choices(seed);
  GameState state = initial_state(*setup, seed);
  EventLog log;
  GameRecord record{setup->scenario_file, seed, {}};
  GameState midgame;
  std::size_t midgame_actions = 0;
  for (int i = 0; i < 5000 && state.phase != Phase::game_over; ++i) {
    const bool greedy = state.side_deciding() == 0 ? red_greedy : blue_greedy;
    ai::Agent& agent = greedy ? static_cast<ai::Agent&>(smart) : random;
    if (i % 7 == 0) {
      // Every listed action applies (on a copy), and the quick check agrees with the worded one.
      for (const Action& p : legal_actions(state)) {
        ASSERT_TRUE(is_legal(state, p)) << describe(p);
        ASSERT_EQ(illegal_reason(state, p), "") << describe(p);
        GameState trial = state;
        ASSERT_EQ(apply(trial, p, nullptr), "") << describe(p);
      }
      // Every target's shots, throws and charges: the listing leaves out those beyond reach by
      // the units' boxes before any check, and the quick check refuses a charge by them; each
      // must agree with the worded check, which measures every model (SHOOT-01, SHOOT-49,
      // CHARGE-02).
      if (state.phase == Phase::active || state.phase == Phase::reaction) {
        const auto listed = legal_actions(state);
        const int unit = pending(state).unit;
        for (int target = 0; target < static_cast<int>(state.units.size()); ++target) {
          std::vector<Action> asked;
          for (const bool heavy : {false, true}) {
            Action shot = make_action(ActionKind::shoot, unit);
            shot.target = target;
            shot.heavy = heavy;
            asked.push_back(shot);
          }
          for (const ActionKind kind : {ActionKind::throw_grenade, ActionKind::charge}) {
            Action a = make_action(kind, unit);
            a.target = target;
            asked.push_back(a);
          }
          for (const Action& a : asked) {
            const bool legal = illegal_reason(state, a).empty();
            ASSERT_EQ(is_legal(state, a), legal) << describe(a) << ": " << illegal_reason(state, a);
            ASSERT_EQ(std::find(listed.begin(), listed.end(), a) != listed.end(), legal)
                << describe(a) << ": " << illegal_reason(state, a);
          }
        }
      }
    }
    const Action action = agent.choose(state, choices);
    // ACT-11 / MELEE-29: a unit locked in mêlée fights or leaves; it never shoots, throws, aims
    // or moves.
    if (action.unit >= 0 && state.units[action.unit].locked != 0) {
      ASSERT_TRUE(action.kind != ActionKind::shoot && action.kind != ActionKind::throw_grenade &&
                  action.kind != ActionKind::aim && action.kind != ActionKind::move &&
                  action.kind != ActionKind::hide && action.kind != ActionKind::use)
          << describe(action);
    }
    ASSERT_EQ(action_from_json(to_json(action)), action);
    GameState copy = state;
    ASSERT_EQ(copy, state);
    ASSERT_EQ(digest(copy), digest(state));
    // Every other action the copy keeps no log, as playouts and sweeps do: the engine skips work
    // whose only product is the log (ADV-33's idle wasted shots), never work that changes the
    // state.
    EventLog copy_log;
    const bool copy_logged = i % 2 == 0;
    const std::size_t before = log.size();
    ASSERT_EQ(apply(state, action, &log), "") << describe(action);
    ASSERT_EQ(apply(copy, action, copy_logged ? &copy_log : nullptr), "");
    ASSERT_EQ(copy, state) << "a copy applying the same action must end in the same state";
    if (copy_logged) {
      ASSERT_EQ(copy_log.size(), log.size() - before);
    }
    record.actions.push_back(action);
    check_playout_invariants(state);
    if (record.actions.size() == 40) {
      midgame = state;
      midgame_actions = record.actions.size();
    }
  }
  ASSERT_EQ(state.phase, Phase::game_over) << "the game must end";
  // A referee's audit of the whole log.
  ASSERT_EQ(test::audit_log(*setup, log), std::vector<std::string>{});
  // Save and load: the record as JSON text replays to the same state and the same log.
  const GameRecord loaded = record_from_json(nlohmann::json::parse(to_json(record).dump()));
  EventLog replay_log;
  const GameState replayed = replay(*setup, loaded, &replay_log);
  ASSERT_EQ(replayed, state);
  ASSERT_EQ(log_signature(replay_log), log_signature(log));
  if (midgame_actions > 0) {
    GameRecord partial = loaded;
    partial.actions.resize(midgame_actions);
    ASSERT_EQ(replay(*setup, partial), midgame);
  }
}

class Playout : public ::testing::TestWithParam<std::string> {};

TEST_P(Playout, random_games_keep_every_invariant) {
  const auto setup = make_setup(std::string(ARAP_DATA_DIR) + "/scenarios/" + GetParam() + ".yaml",
                                test::shipped_library());
  const int kGames = std::getenv("ARAP_PLAYOUT_GAMES")
                         ? std::atoi(std::getenv("ARAP_PLAYOUT_GAMES"))
                         : 334;  // three scenarios: over 1,000 games per test run
  for (int g = 0; g < kGames; ++g) {
    SCOPED_TRACE(testing::Message() << GetParam() << " game " << g);
    playout(setup, 1000 + g, g % 4 >= 2, g % 2 == 1);
    if (HasFatalFailure()) return;
  }
}

INSTANTIATE_TEST_SUITE_P(Scenarios, Playout,
                         ::testing::Values("open_ground", "ruined_town", "woods_and_river"));

TEST(Playout, same_seed_same_game_and_any_thread_count_same_summary) {
  const auto setup = make_setup(std::string(ARAP_DATA_DIR) + "/scenarios/open_ground.yaml",
                                test::shipped_library());
  const auto a = ai::play_match(*setup, 42, {"random", "greedy"});
  const auto b = ai::play_match(*setup, 42, {"random", "greedy"});
  EXPECT_EQ(log_signature(a.log), log_signature(b.log));
  EXPECT_EQ(a.final_state, b.final_state);
  const auto one = ai::simulate(*setup, 12, 9, {"random", "random"}, 1, true);
  const auto three = ai::simulate(*setup, 12, 9, {"random", "random"}, 3, true);
  EXPECT_EQ(one.signature, three.signature);
  EXPECT_EQ(one.wins, three.wins);
  EXPECT_EQ(one.mean_turns, three.mean_turns);
}

// `games` playouts of `setup` from `first_seed` on, the four seatings of random and greedy agents
// in turn; stops at the first fatal failure (the caller returns when HasFatalFailure()).
void playouts(const std::shared_ptr<const GameSetup>& setup, const std::string& label,
              std::uint64_t first_seed, int games) {
  for (int g = 0; g < games; ++g) {
    SCOPED_TRACE(testing::Message() << label << " game " << g);
    playout(setup, first_seed + g, g % 4 >= 2, g % 2 == 1);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

bool state_has_mounted(const std::shared_ptr<const GameSetup>& setup) {
  const GameState state = initial_state(*setup, 1);
  return std::any_of(state.models.begin(), state.models.end(),
                     [](const ModelState& m) { return m.pose.mounted; });
}

// The optional rules (off unless a scenario switches them on) played by the same harness: Ruined
// Town with every optional switch on, random and greedy agents in every pairing.
TEST(OptionalRules, random_games_keep_every_invariant) {
  std::ifstream file(std::string(ARAP_DATA_DIR) + "/scenarios/ruined_town.yaml");
  std::stringstream text;
  text << file.rdbuf();
  text << "options: {fleet: true, look_out_sir: true, shooting_through_units: true, "
          "instant_death: true, last_man_standing: true, monstrous_creature_bonus: true, "
          "poor_resolve: true, krak_veterans: true, area_cover_calls: true, blind_charges: true, "
          "heavy_casualty_minus_one_at_half: true, recharge_after_failed_charge: true, "
          "pinning_guidance: true, no_fear_roll_off: true, going_to_ground: true, "
          "suppression_points: true, weather: true, rain: 1, hitting_cover: true, "
          "machine_rates: true, shield_bonus: true}\n";
  const auto setup =
      make_setup_from_text(text.str(), "ruined_town_optional.yaml", test::shipped_library());
  ASSERT_TRUE(setup->options.fleet);
  playouts(setup, "optional rules", 5000, 40);
}

// ADV-19 / ADV-20: Independent Characters joining and leaving squads (the Commissar, the Warboss)
// and two mobs of Rioters side by side, free to merge and split again, in play with both agents.
TEST(AdvancedRules, character_and_mob_games_keep_every_invariant) {
  const auto setup = test::battle(
      "guests_playout", "imperial_guard",
      "[{unit: infantry_squad, at: [24, 6]}, {unit: commissar, at: [31, 4]}, "
      "{unit: rioters, at: [7, 4]}, {unit: rioters, at: [16, 4]}]",
      "orks",
      "[{unit: slugga_boyz, at: [20, 42], facing: 180}, {unit: warboss, at: [33, 42.5], facing: "
      "180}]");
  ASSERT_TRUE(setup->units[1].character);
  ASSERT_TRUE(setup->units[2].mob && setup->units[3].mob);
  playouts(setup, "characters and mobs", 9000, 24);
}

// ADV-27: the machine rates, with the Guard's Crusader Robot and the Marines' Dreadnought in play;
// ADV-29: the Guard's Sentry Gun, an emplacement that never moves.
TEST(OptionalRules, machine_games_keep_every_invariant) {
  const auto setup = test::battle(
      "machines_playout", "imperial_guard",
      "[{unit: crusader_robot, at: [16, 8]}, {unit: infantry_squad, at: [32, 6]}, "
      "{unit: sentry_gun, at: [24, 14]}]",
      "space_marines",
      "[{unit: dreadnought, at: [30, 40], facing: 180}, {unit: tactical_squad, at: [16, 42], "
      "facing: 180}]",
      "options: {machine_rates: true}\n");
  ASSERT_EQ(setup->machine(0), Machine::robot);
  ASSERT_EQ(setup->machine(3), Machine::dreadnought);
  playouts(setup, "machine", 8000, 24);
}

// ADV-23: a pack of Beasts (the Orks' Squig Hounds) running as Fleet (ADV-06 on), against the
// Guard's lascannon team held to 2.5" by its load (ADV-18) and an infantry squad.
TEST(OptionalRules, beast_and_encumbered_games_keep_every_invariant) {
  const auto setup = test::battle(
      "beasts_playout", "orks",
      "[{unit: squig_hounds, at: [16, 8]}, {unit: slugga_boyz, at: [32, 6], formation: block}]",
      "imperial_guard",
      "[{unit: heavy_weapons_team, at: [30, 40], facing: 180}, {unit: infantry_squad, at: [16, "
      "42], facing: 180}]",
      "options: {fleet: true}\n");
  ASSERT_TRUE(setup->units[0].fleet);
  ASSERT_DOUBLE_EQ(setup->units[2].move, 2.5);
  playouts(setup, "beast", 8500, 16);
}

// ADV-11: the Feral Orks (primitive armour: hides and the Nob's iron plate, a shield) and the
// Feral Ork Spearmen (spears, kept out of the water) with a deep river between them and a Guard
// squad and Marines (ADV-12: who walk the river's bed).
TEST(AdvancedRules, armoured_swimmer_games_keep_every_invariant) {
  const auto setup = test::battle(
      "swimmers_playout", "orks",
      "[{unit: feral_orks, at: [16, 14]}, {unit: feral_spearmen, at: [32, 14]}]", "space_marines",
      "[{unit: tactical_squad, at: [30, 34], facing: 180}, {unit: assault_squad, at: [16, 36], "
      "facing: 180}]",
      "terrain:\n  - {id: river, kind: water, deep: true, polygon: [[0, 18], [48, 18], [48, 26], "
      "[0, 26]]}\n");
  ASSERT_TRUE(setup->options.swimming_kit);
  playouts(setup, "swimmer", 8700, 16);
}

// ADV-22 riders (the Guard's Rough Riders: horse and rider one mounted model) riding Hell for
// Leather (ADV-24, optional) through woods at Orks, with the Feral Orks' primitive armour too.
TEST(OptionalRules, hell_for_leather_games_keep_every_invariant) {
  const auto setup = test::battle(
      "riders_playout", "imperial_guard",
      "[{unit: rough_riders, at: [14, 6]}, {unit: infantry_squad, at: [34, 6]}]", "orks",
      "[{unit: feral_orks, at: [30, 40], facing: 180}, {unit: slugga_boyz, at: [14, 42], facing: "
      "180}]",
      "options: {hell_for_leather: true}\n"
      "terrain:\n  - {id: woods, kind: wood, movement: difficult, polygon: [[4, 14], [44, 14], "
      "[44, 22], [4, 22]]}\n  - {id: bog, kind: ground, movement: difficult, hell_for_leather: "
      "false, polygon: [[4, 26], [20, 26], [20, 32], [4, 32]]}\n");
  ASSERT_TRUE(state_has_mounted(setup));
  playouts(setup, "riders", 8800, 16);
}

// ADV-14: two rows of rooftops 1.5" apart, one stretch of the gap strung with a rope: the Veterans
// throw grapples across it (and up its faces), everyone may cross on the ropes, under the GM's
// Strength tests, and the Orks below cast the ropes down.
TEST(AdvancedRules, rooftop_rope_games_keep_every_invariant) {
  const auto setup = test::battle(
      "rooftops_playout", "imperial_guard",
      "[{unit: veteran_squad, at: [14, 10]}, {unit: infantry_squad, at: [34, 9]}]", "orks",
      "[{unit: slugga_boyz, at: [24, 30], facing: 180}]",
      "options: {rope_strength_tests: true}\n"
      "terrain:\n"
      "  - {id: near_roofs, kind: ground, elevation: 3, polygon: [[4, 4], [44, 4], [44, 12], "
      "[4, 12]]}\n"
      "  - {id: far_roofs, kind: ground, elevation: 3, polygon: [[4, 13.5], [44, 13.5], [44, 20], "
      "[4, 20]]}\n"
      "  - {id: laid_rope, kind: rope, polygon: [[33, 11.9], [35, 11.9], [35, 13.6], [33, "
      "13.6]]}\n");
  ASSERT_TRUE(setup->options.rope_strength_tests);
  playouts(setup, "rooftops", 9100, 16);
  // The games do what the test is for: ropes strung across the gap in play, and crossings.
  int strung = 0;
  int crossings = 0;
  for (std::uint64_t seed = 1; seed <= 24; ++seed) {
    for (const auto& e : ai::play_match(*setup, seed, {"random", "random"}).log) {
      strung += e.value("type", "") == "grapple_hooked" && e.contains("span") ? 1 : 0;
      crossings += e.value("what", "") == "rope across a gap" ? 1 : 0;
    }
  }
  EXPECT_GT(strung, 0);
  EXPECT_GT(crossings, 0);
}

// ADV-22 (option separate_mounts): the Guard's Rough Riders ride apart from their horses against
// the Orks: hits on rider or mount, aimed shots, riders left on foot.
TEST(AdvancedRules, riders_apart_games_keep_every_invariant) {
  const auto setup = test::battle(
      "riders_apart_playout", "imperial_guard",
      "[{unit: rough_riders, at: [14, 12]}, {unit: infantry_squad, at: [34, 9]}]", "orks",
      "[{unit: slugga_boyz, at: [20, 26], facing: 180}, {unit: shoota_boyz, at: [36, 30], "
      "facing: 180}]",
      "options: {separate_mounts: true}\n");
  ASSERT_TRUE(setup->options.separate_mounts);
  playouts(setup, "riders_apart", 9300, 16);
  // The games do what the test is for: dice say whom hits strike, and horses fall.
  int struck = 0;
  int fallen = 0;
  for (std::uint64_t seed = 1; seed <= 24; ++seed) {
    for (const auto& e : ai::play_match(*setup, seed, {"random", "greedy"}).log) {
      struck += e.value("type", "") == "mount_hit" ? 1 : 0;
      fallen += e.value("type", "") == "mount_slain" ? 1 : 0;
    }
  }
  EXPECT_GT(struck, 0);
  EXPECT_GT(fallen, 0);
}

// ADV-21: games that open in heavy rain (quarter-rate moves, no swimming; at 4 nothing moves and
// short-range-only weapons), where the start-of-turn roll then takes the rain up and down.
TEST(OptionalRules, heavy_rain_games_keep_every_invariant) {
  for (const int rain : {2, 3, 4}) {
    std::ifstream file(std::string(ARAP_DATA_DIR) + "/scenarios/ruined_town.yaml");
    std::stringstream text;
    text << file.rdbuf();
    text << "options: {weather: true, rain: " << rain << "}\n";
    const auto setup =
        make_setup_from_text(text.str(), "ruined_town_rain.yaml", test::shipped_library());
    for (int g = 0; g < 6; ++g) {
      SCOPED_TRACE(testing::Message() << "rain " << rain << " game " << g);
      playout(setup, 7000 + 10 * rain + g, g % 4 >= 2, g % 2 == 1);
      if (HasFatalFailure()) return;
    }
  }
}

}  // namespace
}  // namespace arap::game
