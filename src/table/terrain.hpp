// The table and its terrain (MOVE-03, MOVE-11, MOVE-12, SHOOT-12, ADV-05, ADV-36): area features
// with polygon footprints and linear obstacles, each with movement, cover and sight traits.
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/container/small_vector.hpp>
#include <boost/geometry/index/rtree.hpp>

#include "table/geometry.hpp"

namespace arap::table {

// SHOOT-12: what a feature does for a model behind or inside it.
enum class Cover : std::uint8_t { none, soft, hard };
std::string_view to_string(Cover cover);

enum class MovementClass : std::uint8_t { normal, difficult, very_difficult, impassable };
std::string_view to_string(MovementClass movement);

enum class TerrainKind : std::uint8_t {
  ground,
  wood,
  building,
  ruin,
  rubble,
  wall,
  hedge,
  fence,
  trench,
  water,
  ladder,
  minefield,
  hill,
  crater,
  barricade,
  smoke,  // SHOOT-17: a cloud; hides whatever lies in or beyond it, slows no one
  // MOVE-24: a rope, creeper or slide down a drop: descended at the normal rate on a test.
  // ADV-14: strung across a gap, it is crossed hand over hand at the difficult-ground rate.
  rope,
  door,     // ACT-16: a door or gate (an obstacle); shut, it bars the way and hides what is behind
  console,  // ACT-16: a control panel (a feature) that opens and shuts the doors it works
};
std::string_view to_string(TerrainKind kind);
std::optional<TerrainKind> terrain_kind_from_string(std::string_view text);

// MOVE-15: ground that asks an agility roll of each model crossing it: always (a narrow plank, a
// slippery branch) or only of models moving more than half their basic move (ice).
enum class Agility : std::uint8_t { none, always, fast };

// ADV-14: what a grapple thrown at a raised surface's top catches on, which sets the throw's
// modifier: a roof or platform edge (a large target, +1), a window (0) or an arrow loophole (-1).
enum class GrappleHold : std::uint8_t { roof_edge, window, loophole };

// ADV-10: a minefield's odds (a D6 of this or less), and how far a model must move in one action
// to roll two dice.
inline constexpr int kMinefieldTriggers = 3;
inline constexpr int kClearedMinefieldTriggers = 1;
inline constexpr double kFastHazardMove = 6.0;
// ADV-10: the chance that a hazard setting off on a D6 of `triggers_on` or less catches a model
// rolling `dice` such dice (either may set it off).
inline double hazard_probability(int triggers_on, int dice) {
  double missed = 1.0;
  for (int d = 0; d < dice; ++d) missed *= 1.0 - triggers_on / 6.0;
  return 1.0 - missed;
}

// MOVE-11: a hazard test for each model entering, moving in or leaving the ground.
struct Hazard {
  int triggers_on = 1;           // a D6 roll of this or less sets it off
  bool initiative_test = false;  // some ground asks for an Initiative test instead
  std::string effect;            // what happens, in words (the game decides the effect)
  // ADV-10: a minefield (1 in 2, or 1 in 6 for a unit with an energy scanner or once the GM
  // says explosives cleared it) rather than ground with its own odds.
  bool minefield = false;
  bool cleared = false;
};

struct TerrainFeature {
  std::string id;
  TerrainKind kind = TerrainKind::ground;
  Polygon footprint;
  Box bounds;
  MovementClass movement = MovementClass::normal;
  bool variable = false;  // MOVE-12 (optional rule)
  std::optional<Hazard> dangerous;
  Cover cover = Cover::none;
  // Inches of this feature a line of sight may cross (ADV-05: dense woods 2"); 0 = opaque;
  // infinity = does not block.
  double see_through = std::numeric_limits<double>::infinity();
  double height = 0.0;
  bool deep = false;   // MOVE-17: water too deep to wade: only swim moves cross it
  bool blind = false;  // ADV-35: smoke of a blind grenade, which infra-vision does not pierce
  // ADV-46 (optional): false where the GM rules this soft cover (long grass) no shelter from an
  // area marker.
  bool soft_cover_vs_area = true;
  // ADV-24 (optional): false where the GM rules that nobody rides this difficult ground Hell for
  // Leather.
  bool hell_for_leather = true;
  // ADV-47: a roofed space (a building's interior, a bunker): an area marker centred in it
  // catches every occupant within 3" and its walls shelter none of them. Buildings by default.
  bool confined = false;
  int action_cost = 1;  // ACT-10: AP a move action touching it costs (a slippery slope: 2)
  Agility agility = Agility::none;  // MOVE-15
  // MOVE-19..28: a raised surface (platform, upper floor, roof, rampart walk, cliff top) this many
  // inches above the ground; a model whose centre is on it stands that high. Its edge is a step
  // up or down. A hill is a slope (MOVE-19: flat ground): its elevation only makes those on it
  // uphill of the rest (MELEE-06b/14b).
  double elevation = 0.0;
  GrappleHold grapple_hold = GrappleHold::roof_edge;  // ADV-14: where a hook catches on its top
  int ladder_slot = -1;       // MOVE-28: the ladder's number among the table's ladders
  int ladder_places = 4;      // MOVE-28: bulk a turn that may get on or off it (ADV-14 ropes: 1)
  bool grapple = false;       // ADV-14: a ladder that is a thrown grapple's rope
  std::vector<int> operates;  // ACT-16: a console's doors (numbers among the table's doors)
  std::vector<Point> ring;    // the footprint's corners, prepared when added to a table

  bool blocks_sight() const { return see_through < std::numeric_limits<double>::infinity(); }
};

// Walls, hedges, fences: lines that give cover to models close behind them (ADV-36) and cost
// their height to cross (MOVE-19/21).
struct LinearObstacle {
  std::string id;
  TerrainKind kind = TerrainKind::wall;
  std::vector<Point> points;  // a polyline
  Cover cover = Cover::hard;
  double height = 1.0;
  double cover_distance = 1.5;  // ADV-36: a model within this of the obstacle may claim it
  bool blocks_sight = false;    // a high wall hides what is behind it
  // ACT-16: a door's number among the table's doors (-1: not a door), and whether it stands open.
  // An open door is a gap: no cost, no cover, no bar to sight; a shut one cannot be crossed.
  int door = -1;
  bool open = false;

  // Parameter t along a-b of the first crossing with this obstacle, or a negative number.
  double first_crossing(const Point& a, const Point& b, Point* normal = nullptr) const;
};

// Indices of features or obstacles, ascending (the order the table lists them in), held inline
// for the usual handful.
using IndexList = boost::container::small_vector<int, 16>;

// The features and obstacles whose bounds meet a box, gathered once for many paths inside it (a
// unit's moves in one listing); each path still tests them exactly.
struct NearbyTerrain {
  IndexList features;
  IndexList obstacles;
  bool levels = true;  // false when no raised surface (MOVE-19) is among the features
};

// MOVE-28: the most ladders a table may have (each counts the models using it in a turn).
inline constexpr int kMaxLadders = 16;

// ACT-16: the most doors a table may have (a game keeps one table for each way they may stand).
inline constexpr int kMaxDoors = 6;

// ACT-16: something a model may use from within 2" on its own level: a door, which opens or
// shuts, or a console, which opens or shuts the doors it works.
struct Device {
  std::string id;
  int obstacle = -1;       // a door: its obstacle
  int feature = -1;        // a console: its feature
  std::vector<int> doors;  // the doors one use opens or shuts
  bool is_door() const { return obstacle >= 0; }
};

class Table {
 public:
  Table() = default;
  Table(double width, double height) : width_(width), height_(height) {}

  double width() const { return width_; }
  double height() const { return height_; }
  // Changes whenever the table does (a feature, obstacle or console added, doors set): equal
  // revisions mean equal tables, so a pure result about the table may be kept under it.
  std::uint64_t revision() const { return revision_; }
  bool on_table(const Point& p) const {
    return p.x >= 0.0 && p.y >= 0.0 && p.x <= width_ && p.y <= height_;
  }
  Point clamp(const Point& p) const;

  void add_feature(TerrainFeature feature);
  void add_obstacle(LinearObstacle obstacle);
  const std::vector<TerrainFeature>& features() const { return features_; }
  const std::vector<LinearObstacle>& obstacles() const { return obstacles_; }

  // The spatial index (Boost.Geometry R-tree over bounding boxes): the features and obstacles
  // whose bounds meet the box spanned by a-b, in table order, so that a scan over them finds what
  // a scan over all would, in the same order. Callers still test the geometry exactly.
  IndexList features_near(const Point& a, const Point& b) const;
  IndexList obstacles_near(const Point& a, const Point& b) const;
  NearbyTerrain terrain_near(const Point& a, const Point& b) const {
    return {features_near(a, b), obstacles_near(a, b)};
  }

  // Features whose footprint covers `p`.
  std::vector<const TerrainFeature*> features_at(const Point& p) const;
  // The worst movement class at `p`.
  MovementClass movement_at(const Point& p) const;

  // MOVE-19..28: whether any raised surface exists (most tables have none: moves skip levels).
  bool has_levels() const { return !raised_.empty(); }
  const std::vector<int>& raised_features() const { return raised_; }
  // The elevation of the highest raised surface under `p` (0: the ground).
  double level_at(const Point& p) const { return highest_elevation(raised_, p); }
  // level_at, or a hill's elevation if higher: how far uphill a model at `p` stands.
  double standing_height(const Point& p) const { return highest_elevation(uphill_, p); }
  // The ladder whose footprint holds `p`, if any.
  const TerrainFeature* ladder_at(const Point& p) const;
  // MOVE-24: the rope (or creeper, or slide) whose footprint holds `p`, if any.
  const TerrainFeature* rope_at(const Point& p) const;
  bool has_ropes() const { return !ropes_.empty(); }
  int ladder_count() const { return ladder_count_; }
  // ACT-10: whether any feature makes a move that touches it cost more than one AP.
  bool has_dear_ground() const { return dear_ground_; }
  // MOVE-15: whether any feature asks for agility rolls.
  bool has_agility_ground() const { return agility_; }
  // SHOOT-17: whether any smoke lies on the table (shots through it are looked for only then).
  bool has_smoke() const { return smoke_; }
  // ADV-35/62: whether `p` lies in a cloud that blinds a model there or looking in: a blind
  // cloud always, smoke unless the model has infra-vision.
  bool in_cloud(const Point& p, bool infra_vision) const;

  // ACT-16: doors and consoles. Doors are numbered in the order they are added (at most
  // kMaxDoors), devices list the doors first, then the consoles as add_console adds them.
  int door_count() const { return static_cast<int>(door_forms_.size()); }
  const std::vector<Device>& devices() const { return devices_; }
  // Adds the console `feature` (a feature of kind console) working `doors`.
  void add_console(int feature, std::vector<int> doors);
  // The doors standing open, one bit per door.
  unsigned doors_open() const;
  // This table with exactly the doors in `open` standing open (the rest shut).
  Table with_doors(unsigned open) const;
  // The level a device is used from (the raised surface under it, or 0) and how far `p` lies
  // from it (from the door's line, or from the console's footprint: 0 inside).
  double device_level(const Device& device) const;
  double device_distance(const Device& device, const Point& p) const;

 private:
  double highest_elevation(const std::vector<int>& indices, const Point& p) const;

  static std::uint64_t next_revision();

  double width_ = 48.0;
  double height_ = 48.0;
  std::uint64_t revision_ = next_revision();
  using Indexed = std::pair<Box, int>;
  using Index = boost::geometry::index::rtree<Indexed, boost::geometry::index::quadratic<8>>;
  static IndexList query(const Index& index, const Point& a, const Point& b);

  std::vector<TerrainFeature> features_;
  std::vector<LinearObstacle> obstacles_;
  Index feature_index_;
  Index obstacle_index_;
  std::vector<int> raised_;                 // features with elevation that are not hills
  std::vector<int> uphill_;                 // features with elevation, hills included
  std::vector<int> ladders_;                // ladder features
  std::vector<int> ropes_;                  // rope features (MOVE-24)
  std::vector<Device> devices_;             // ACT-16
  std::vector<LinearObstacle> door_forms_;  // ACT-16: each door as it stands shut
  int ladder_count_ = 0;
  bool dear_ground_ = false;
  bool agility_ = false;
  bool smoke_ = false;
};

// True when the segment a-b may touch `box` (a cheap filter before exact tests).
bool segment_touches_box(const Point& a, const Point& b, const Box& box);

// The parts of a-b inside a feature, as parameter intervals along a-b (the hot-path twin of
// inside_intervals: edge crossings from the prepared ring, each piece confirmed inside with
// Boost.Geometry; no allocation for up to 16 pieces).
struct IntervalList {
  std::array<Interval, 16> items{};
  int count = 0;
  const Interval* begin() const { return items.data(); }
  const Interval* end() const { return items.data() + count; }
  bool empty() const { return count == 0; }
  double total() const;
};
IntervalList feature_intervals(const TerrainFeature& feature, const Point& a, const Point& b);
// Whether `p` stands in the feature (bounding box first, then Boost.Geometry; border inside).
bool in_feature(const TerrainFeature& feature, const Point& p);
// Whether a-b crosses the feature's outline anywhere (cheaper than the intervals).
bool crosses_outline(const TerrainFeature& feature, const Point& a, const Point& b);

}  // namespace arap::table
