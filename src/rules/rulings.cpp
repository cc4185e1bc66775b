#include "rules/rulings.hpp"

#include <stdexcept>

namespace arap::rules {

namespace {

constexpr std::array<RulingInfo, static_cast<std::size_t>(RulingId::count_)> kRulings = {{
    {RulingId::dice_19,
     "ruling.DICE-19",
     {"topPairOnly", "anyDouble", ""},
     2,
     "three-dice scatter: only a pair of the two highest dice is a hit, or any double"},
    {RulingId::act_02,
     "ruling.ACT-02",
     {"everyPlayerTurn", "ownerTurnOnly", ""},
     2,
     "routers and pursuers move in every compulsory phase, or only their owner's"},
    {RulingId::shoot_07,
     "ruling.SHOOT-07",
     {"direct2_indirect3", "always2", "always3"},
     3,
     "Ordnance/Primary cost 2 AP with sight of the target and 3 AP without"},
    {RulingId::shoot_18,
     "ruling.SHOOT-18",
     {"replacesCover", "coverWhenClaimed", ""},
     2,
     "a fleeting target's -1 replaces its cover modifier"},
    {RulingId::shoot_29_timing,
     "ruling.SHOOT-29.timing",
     {"immediate", "nextTurn", ""},
     2,
     "a pin suffered before or during the unit's own activation affects that activation"},
    {RulingId::shoot_33,
     "ruling.SHOOT-33",
     {"gt25", "ge25min2", ""},
     2,
     "suppression needs more than 25% of the unit's size in hits (floor(N/4)+1)"},
    {RulingId::shoot_38_goal_mods,
     "ruling.SHOOT-38.goalMods",
     {"allButCover", "shooterOnly", ""},
     2,
     "every to-hit modifier but cover enters a template's goal"},
    {RulingId::shoot_38_fallback_on_success,
     "ruling.SHOOT-38.fallbackOnSuccess",
     {"true", "false", ""},
     2,
     "models a template's successful roll did not reach still get the per-model roll"},
    {RulingId::shoot_41_soft_cover_mods_in_scatter,
     "ruling.SHOOT-41.softCoverModsInScatter",
     {"false", "true", ""},
     2,
     "fleeting and prone/tactical -1 never widen area-weapon scatter"},
    {RulingId::shoot_51_over_height,
     "ruling.SHOOT-51.overHeight",
     {"bands", "extend", ""},
     2,
     "grenades: -1 over 1x..2x the thrower's height, -2 up to 3x, none thrown over more"},
    {RulingId::charge_01,
     "ruling.CHARGE-01",
     {"onePerTurn", "chainable", ""},
     2,
     "one Charge action a turn, more only after the target ran (or a failed Charge, optional)"},
    {RulingId::charge_02,
     "ruling.CHARGE-02",
     {"byBasicMove", "always2D6", ""},
     2,
     "M > 6 charges M + R3D6P2, others M + 2D6"},
    {RulingId::charge_05,
     "ruling.CHARGE-05",
     {"withChargeCrs", "tableOnly", ""},
     2,
     "the +1 CRS for charging is one of the Charge bonuses a denial removes"},
    {RulingId::melee_08,
     "ruling.MELEE-08",
     {"sequential", "batchPerTier", ""},
     2,
     "mêlée wounds within a tier are applied one at a time"},
    {RulingId::melee_16,
     "ruling.MELEE-16",
     {"negativeOnly", "symmetric", ""},
     2,
     "the rout test adds max(WD, -3) to Ld; a positive WD counts in full"},
    {RulingId::melee_18,
     "ruling.MELEE-18",
     {"turnPaid", "turnIncluded", ""},
     2,
     "a flinch's D6\" pays MOVE-07 turning like any move (runs from a Charge never do, CHARGE-08)"},
    {RulingId::melee_21_cover_stop,
     "ruling.MELEE-21.coverStop",
     {"entryPoint", "fullMove", ""},
     2,
     "routers rallying in cover stop where their path entered it"},
    {RulingId::melee_21_test_count,
     "ruling.MELEE-21.testCount",
     {"separateEdge", "edgeIsPostMove", ""},
     2,
     "at the table edge routers get a final attempt after a failed post-move rally test"},
    {RulingId::melee_23,
     "ruling.MELEE-23",
     {"rallyFirst", "pursueFirst", ""},
     2,
     "routers move and test to rally before pursuers test to halt and move"},
    {RulingId::melee_24,
     "ruling.MELEE-24",
     {"atFeature", "never", ""},
     2,
     "winners with a model in or within 1\" of a building, ruin or trench, or within 1\" of a wall "
     "or barricade, fought for a defended feature and need not pursue (never: no mêlée counts)"},
    {RulingId::move_27,
     "ruling.MOVE-27",
     {"hitsNormalSaves", "wounds", ""},
     2,
     "a fall is D3 hits at S = the height, wounding and saved as usual (or D3 wounds)"},
    {RulingId::adv_62,
     "ruling.ADV-62",
     {"eitherInCloud", "attackerInCloud", ""},
     2,
     "a mêlée blow is blinded when its striker or its target stands in the cloud (or only the "
     "striker)"},
    {RulingId::adv_60,
     "ruling.ADV-60",
     {"noShootingSave", "invulnerable4", ""},
     2,
     "a storm shield, whose protection from shots the rules leave unstated, gives none (or a 4+ "
     "invulnerable save, as in mêlée)"},
    {RulingId::adv_02,
     "ruling.ADV-02",
     {"ldTest", "everyHit", ""},
     2,
     "S-points come from a failed Ld test after one enemy unit's fire scores more hits than a "
     "quarter of the unit (the draft), or one from every enemy unit that hits it, two for "
     "Ordnance (2.3)"},
    {RulingId::adv_26,
     "ruling.ADV-26",
     {"backToReserve", "lost", ""},
     2,
     "the rules give no deep strike mishap table: the unit is not placed and goes back to "
     "reserve, arriving by a new roll in its next turn (or it is lost)"},
    {RulingId::adv_27,
     "ruling.ADV-27",
     {"pinned", "holds", ""},
     2,
     "a machine that never routs but fails a test that would rout it outside mêlée (a heavy-"
     "casualty test, dangerous-ground losses, poor resolve) is pinned instead (or nothing "
     "happens)"},
    {RulingId::adv_11,
     "ruling.ADV-11",
     {"refuse", "gmAllows", ""},
     2,
     "the rules leave it to the GM whether a swimmer may take a heavy weapon, a spear or polearm, "
     "or a two-handed mêlée weapon into deep water: a unit carrying one does not swim (or the GM "
     "allows it, and it swims as any other)"},
    {RulingId::adv_50_lasts,
     "ruling.ADV-50.lasts",
     {"untilOwnNextTurn", "throughOwnNextTurn", ""},
     2,
     "the rules say nothing of how long laid smoke lasts: a cloud disperses as the side that laid "
     "it begins its next player turn, so it stands through one enemy player turn (or it lasts "
     "to the end of that next player turn)"},
    {RulingId::adv_50_uses,
     "ruling.ADV-50.uses",
     {"oncePerGame", "oncePerTurn", ""},
     2,
     "the rules set no limit on smoke dischargers: each fires once a game (or once each player "
     "turn)"},
    {RulingId::adv_74,
     "ruling.ADV-74",
     {"obliged", "guidance", ""},
     2,
     "a split unit out of close combat reforms: every move of a part that must go to the other "
     "brings it nearer (or the rules' word 'usually' is guidance, and the player moves the parts "
     "as he likes)"},
    {RulingId::adv_14,
     "ruling.ADV-14",
     {"asThrown", "anyHeight", ""},
     2,
     "the rules give no figure for how much higher a grapple launcher (a rope-launcher, power "
     "grapple or handbow) sends its hook than a hand: it reaches the top of level 2, as a thrown "
     "grapple does (or it reaches a face of any height)"},
}};

}  // namespace

std::span<const RulingInfo> all_rulings() {
  return kRulings;
}

void Rulings::set(std::string_view name, std::string_view value) {
  for (const auto& info : kRulings) {
    if (info.name != name) continue;
    std::string allowed;
    for (int i = 0; i < info.value_count; ++i) {
      if (info.values[i] == value) {
        choice_[static_cast<std::size_t>(info.id)] = static_cast<std::uint8_t>(i);
        return;
      }
      allowed += (i ? ", " : "") + std::string(info.values[i]);
    }
    throw std::invalid_argument(std::string(name) + " has no value \"" + std::string(value) +
                                "\" (allowed: " + allowed + ")");
  }
  throw std::invalid_argument("unknown ruling \"" + std::string(name) + "\"");
}

std::string_view Rulings::value_name(RulingId id) const {
  return kRulings[static_cast<std::size_t>(id)].values[index(id)];
}

}  // namespace arap::rules
