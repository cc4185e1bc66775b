// Every catalogue ruling the engine implements, as a named switch `ruling.<ID>` whose first value
// is the catalogue's default (CATALOGUE.md §14). Scenarios and the command line set them by name.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace arap::rules {

enum class RulingId : std::uint8_t {
  dice_19,                              // which doubles count as a "hit" in three-dice scatter
  act_02,                               // routers move in every compulsory phase or the owner's
  shoot_07,                             // Ordnance/Primary AP cost
  shoot_18,                             // fleeting target and cover
  shoot_29_timing,                      // which turn a pin affects
  shoot_33,                             // suppression threshold
  shoot_38_goal_mods,                   // template goal modifiers
  shoot_38_fallback_on_success,         // per-model roll after a too-high success
  shoot_41_soft_cover_mods_in_scatter,  // 11f/11g in area scatter
  shoot_51_over_height,                 // grenades thrown over tall objects
  charge_01,                            // one Charge action a turn or chainable
  charge_02,                            // when a Charge adds R3D6P2 instead of 2D6
  charge_05,                            // whether the +1 CRS for charging is a Charge bonus
  melee_08,                             // mêlée wound allocation within a tier
  melee_16,                             // the rout-test cap on the Wound Difference
  melee_18,                             // whether a flinch pays for turning about
  melee_21_cover_stop,                  // where a rally in cover stops the flight
  melee_21_test_count,                  // whether the table-edge attempt is a test of its own
  melee_23,                             // rally before or after the pursuers move
  melee_24,                             // when a mêlée was fought for a defended feature
  move_27,                              // falls: D3 hits with saves, or D3 wounds
  adv_62,                               // whose place in a cloud blinds a mêlée blow
  adv_60,                               // whether a storm shield saves against shots
  adv_02,                               // S-points from a failed Ld test or from every hit
  adv_26,                               // what a deep strike mishap does
  adv_27,                               // what becomes of a machine that would rout outside mêlée
  adv_11,                               // whether heavy gear may be taken swimming
  adv_50_lasts,                         // how long a cloud laid in play lasts
  adv_50_uses,                          // how often a smoke discharger fires
  adv_74,                               // whether a split unit's parts must move to reform
  adv_14,                               // how high a grapple launcher reaches
  count_
};

struct RulingInfo {
  RulingId id;
  std::string_view name;  // e.g. "ruling.SHOOT-18"
  std::array<std::string_view, 3> values;
  int value_count;
  std::string_view summary;
};

std::span<const RulingInfo> all_rulings();

// Enumerations whose order matches RulingInfo::values (default first).
enum class ThreeDiceHitRule : std::uint8_t { top_pair_only, any_double };
enum class RoutersMove : std::uint8_t { every_player_turn, owner_turn_only };
enum class OrdnanceCost : std::uint8_t { direct2_indirect3, always2, always3 };
enum class FleetingRule : std::uint8_t { replaces_cover, cover_when_claimed };
enum class PinTiming : std::uint8_t { immediate, next_turn };
enum class SuppressionThreshold : std::uint8_t { gt25, ge25min2 };
enum class TemplateGoalMods : std::uint8_t { all_but_cover, shooter_only };
enum class OverHeight : std::uint8_t { bands, extend };
enum class ChargeLimit : std::uint8_t { one_per_turn, chainable };
enum class ChargeDice : std::uint8_t { by_basic_move, always_2d6 };
enum class ChargeCrs : std::uint8_t { with_charge_crs, table_only };
enum class MeleeAllocation : std::uint8_t { sequential, batch_per_tier };
enum class RoutCap : std::uint8_t { negative_only, symmetric };
enum class FlinchTurning : std::uint8_t { turn_paid, turn_included };
enum class RallyCoverStop : std::uint8_t { entry_point, full_move };
enum class RallyTestCount : std::uint8_t { separate_edge, edge_is_post_move };
enum class PursuitOrder : std::uint8_t { rally_first, pursue_first };
enum class FeatureFight : std::uint8_t { at_feature, never };
enum class FallDamage : std::uint8_t { hits_normal_saves, wounds };
enum class CloudFighting : std::uint8_t { either_in_cloud, attacker_in_cloud };
enum class StormShieldShots : std::uint8_t { no_save, invulnerable_4 };
enum class SuppressionPoints : std::uint8_t { ld_test, every_hit };
enum class DeepStrikeMishap : std::uint8_t { back_to_reserve, lost };
enum class MachineRout : std::uint8_t { pinned, holds };
enum class SwimmingGear : std::uint8_t { refuse, gm_allows };
enum class CloudLasts : std::uint8_t { until_own_next_turn, through_own_next_turn };
enum class DischargerUses : std::uint8_t { once_per_game, once_per_turn };
enum class Reform : std::uint8_t { obliged, guidance };
enum class LauncherReach : std::uint8_t { as_thrown, any_height };

class Rulings {
 public:
  // Sets a ruling by its catalogue name and value name; throws std::invalid_argument naming the
  // allowed values when either is unknown.
  void set(std::string_view name, std::string_view value);
  std::string_view value_name(RulingId id) const;
  int index(RulingId id) const { return choice_[static_cast<std::size_t>(id)]; }

  ThreeDiceHitRule dice_19() const { return get<ThreeDiceHitRule>(RulingId::dice_19); }
  RoutersMove act_02() const { return get<RoutersMove>(RulingId::act_02); }
  OrdnanceCost shoot_07() const { return get<OrdnanceCost>(RulingId::shoot_07); }
  FleetingRule shoot_18() const { return get<FleetingRule>(RulingId::shoot_18); }
  PinTiming shoot_29_timing() const { return get<PinTiming>(RulingId::shoot_29_timing); }
  SuppressionThreshold shoot_33() const { return get<SuppressionThreshold>(RulingId::shoot_33); }
  TemplateGoalMods shoot_38_goal_mods() const {
    return get<TemplateGoalMods>(RulingId::shoot_38_goal_mods);
  }
  bool shoot_38_fallback_on_success() const {
    return index(RulingId::shoot_38_fallback_on_success) == 0;
  }
  bool shoot_41_soft_cover_mods_in_scatter() const {
    return index(RulingId::shoot_41_soft_cover_mods_in_scatter) == 1;
  }
  OverHeight shoot_51_over_height() const {
    return get<OverHeight>(RulingId::shoot_51_over_height);
  }
  ChargeLimit charge_01() const { return get<ChargeLimit>(RulingId::charge_01); }
  ChargeDice charge_02() const { return get<ChargeDice>(RulingId::charge_02); }
  ChargeCrs charge_05() const { return get<ChargeCrs>(RulingId::charge_05); }
  MeleeAllocation melee_08() const { return get<MeleeAllocation>(RulingId::melee_08); }
  RoutCap melee_16() const { return get<RoutCap>(RulingId::melee_16); }
  FlinchTurning melee_18() const { return get<FlinchTurning>(RulingId::melee_18); }
  RallyCoverStop melee_21_cover_stop() const {
    return get<RallyCoverStop>(RulingId::melee_21_cover_stop);
  }
  RallyTestCount melee_21_test_count() const {
    return get<RallyTestCount>(RulingId::melee_21_test_count);
  }
  PursuitOrder melee_23() const { return get<PursuitOrder>(RulingId::melee_23); }
  FeatureFight melee_24() const { return get<FeatureFight>(RulingId::melee_24); }
  FallDamage move_27() const { return get<FallDamage>(RulingId::move_27); }
  CloudFighting adv_62() const { return get<CloudFighting>(RulingId::adv_62); }
  StormShieldShots adv_60() const { return get<StormShieldShots>(RulingId::adv_60); }
  SuppressionPoints adv_02() const { return get<SuppressionPoints>(RulingId::adv_02); }
  DeepStrikeMishap adv_26() const { return get<DeepStrikeMishap>(RulingId::adv_26); }
  MachineRout adv_27() const { return get<MachineRout>(RulingId::adv_27); }
  SwimmingGear adv_11() const { return get<SwimmingGear>(RulingId::adv_11); }
  CloudLasts adv_50_lasts() const { return get<CloudLasts>(RulingId::adv_50_lasts); }
  DischargerUses adv_50_uses() const { return get<DischargerUses>(RulingId::adv_50_uses); }
  Reform adv_74() const { return get<Reform>(RulingId::adv_74); }
  LauncherReach adv_14() const { return get<LauncherReach>(RulingId::adv_14); }

  friend bool operator==(const Rulings&, const Rulings&) = default;

 private:
  template <typename E>
  E get(RulingId id) const {
    return static_cast<E>(choice_[static_cast<std::size_t>(id)]);
  }
  std::array<std::uint8_t, static_cast<std::size_t>(RulingId::count_)> choice_{};
};

}  // namespace arap::rules
