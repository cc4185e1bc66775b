// Issue 20: what a sweep's rows say — win, draw and loss shares with 95 % Wilson intervals, mean
// scores and casualties with normal intervals, agents across swapped seats, and, comparing two
// settings, the paired difference with its interval and the SPRT's verdict.
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "ai/ladder.hpp"
#include "ai/sweep.hpp"

namespace arap::ai {

namespace {

// The normal quantile of a two-sided 95 % interval, rounded as the ladder rounds it, so the two
// report the same interval for the same games.
constexpr double kZ95 = 1.96;

// Wald's bounds for alpha = beta = 0.05: ln((1 - beta) / alpha) and ln(beta / (1 - alpha)).
constexpr double kAcceptH1 = 2.9444389791664403;
constexpr double kAcceptH0 = -2.9444389791664403;

// Mean and a 95 % normal interval of values (the sample's own variance).
struct MeanInterval {
  double mean = 0.0;
  double low = 0.0;
  double high = 0.0;
};

MeanInterval mean_interval(const std::vector<double>& values) {
  MeanInterval out;
  const double n = static_cast<double>(values.size());
  if (values.empty()) return out;
  double sum = 0.0;
  for (const double v : values) sum += v;
  out.mean = sum / n;
  double squares = 0.0;
  for (const double v : values) squares += (v - out.mean) * (v - out.mean);
  const double half = values.size() > 1 ? kZ95 * std::sqrt(squares / (n - 1.0) / n) : 0.0;
  out.low = out.mean - half;
  out.high = out.mean + half;
  return out;
}

nlohmann::json pair_of(double low, double high) {
  return nlohmann::json::array({low, high});
}

nlohmann::json setting_summary(const std::vector<const GameRow*>& rows,
                               const std::vector<std::string>& sides,
                               const std::vector<std::string>& agents, bool swap) {
  const int side_count = static_cast<int>(sides.size());
  SimulationSummary s;
  s.wins.assign(side_count, 0);
  s.mean_score.assign(side_count, 0.0);
  std::vector<std::vector<double>> scores(side_count);
  std::vector<std::vector<double>> lost(side_count);
  std::vector<int> lengths;
  std::vector<std::vector<int>> lost_counts(side_count);
  // Counts by k: games of k turns, games where a side lost k models.
  const auto count = [](std::vector<int>& counts, int k) {
    if (static_cast<int>(counts.size()) <= k) counts.resize(k + 1, 0);
    ++counts[k];
  };
  for (const GameRow* row : rows) {
    if (static_cast<int>(row->score.size()) != side_count ||
        static_cast<int>(row->models_lost.size()) != side_count)
      throw std::invalid_argument(
          fmt::format("task {}: the row has scores for {} sides, the scenario {}", row->task,
                      row->score.size(), side_count));
    if (row->winner >= side_count || row->winner < -1)
      throw std::invalid_argument(
          fmt::format("task {}: winner {} is no side (-1: a draw)", row->task, row->winner));
    if (row->turns < 0 ||
        std::any_of(row->models_lost.begin(), row->models_lost.end(), [](int n) { return n < 0; }))
      throw std::invalid_argument(
          fmt::format("task {}: turns and models lost cannot be negative", row->task));
    s.add(row->winner, row->turns, row->score, row->texture);
    for (int side = 0; side < side_count; ++side) {
      scores[side].push_back(row->score[side]);
      lost[side].push_back(row->models_lost[side]);
      count(lost_counts[side], row->models_lost[side]);
    }
    count(lengths, row->turns);
  }
  s.finish();
  nlohmann::json out = s.to_json(sides);
  nlohmann::json loss_counts = nlohmann::json::object();
  nlohmann::json loss_95 = nlohmann::json::object();
  nlohmann::json win_95 = nlohmann::json::object();
  nlohmann::json score_95 = nlohmann::json::object();
  nlohmann::json models_lost = nlohmann::json::object();
  nlohmann::json models_lost_95 = nlohmann::json::object();
  nlohmann::json models_lost_histogram = nlohmann::json::object();
  for (int side = 0; side < side_count; ++side) {
    models_lost_histogram[sides[side]] = lost_counts[side];
    const auto w = wilson_interval(s.games ? double(s.wins[side]) / s.games : 0.0, s.games, kZ95);
    win_95[sides[side]] = pair_of(w.low, w.high);
    const int lost_games = s.games - s.wins[side] - s.draws;
    loss_counts[sides[side]] = lost_games;
    const auto l95 = wilson_interval(s.games ? double(lost_games) / s.games : 0.0, s.games, kZ95);
    loss_95[sides[side]] = pair_of(l95.low, l95.high);
    const auto sc = mean_interval(scores[side]);
    score_95[sides[side]] = pair_of(sc.low, sc.high);
    const auto l = mean_interval(lost[side]);
    models_lost[sides[side]] = l.mean;
    models_lost_95[sides[side]] = pair_of(l.low, l.high);
  }
  const auto d = wilson_interval(s.games ? double(s.draws) / s.games : 0.0, s.games, kZ95);
  out["win_95"] = win_95;
  out["losses"] = loss_counts;
  out["loss_95"] = loss_95;
  out["draw_95"] = pair_of(d.low, d.high);
  out["mean_score_95"] = score_95;
  out["mean_models_lost"] = models_lost;
  out["mean_models_lost_95"] = models_lost_95;
  out["models_lost_histogram"] = models_lost_histogram;
  out["turns_histogram"] = lengths;
  if (swap && side_count == 2) {
    // Each agent over both seats: a win is its side winning, whichever seat it held.
    nlohmann::json by_agent = nlohmann::json::array();
    for (int a = 0; a < 2; ++a) {
      int wins = 0;
      int losses = 0;
      int as_first_side = 0;
      for (const GameRow* row : rows) {
        const int side = row->swapped ? 1 - a : a;
        if (row->winner == side) ++wins;
        if (row->winner == 1 - side) ++losses;
        if (row->winner == side && side == 0) ++as_first_side;
      }
      const double score = s.games ? (wins + 0.5 * (s.games - wins - losses)) / s.games : 0.0;
      const auto interval = wilson_interval(score, s.games, kZ95);
      by_agent.push_back({{"agent", agents[a]},
                          {"games", s.games},
                          {"wins", wins},
                          {"draws", s.games - wins - losses},
                          {"losses", losses},
                          {"wins_as_first_side", as_first_side},
                          {"score", score},
                          {"score_95", pair_of(interval.low, interval.high)}});
    }
    out["by_agent"] = by_agent;
  }
  return out;
}

}  // namespace

double first_side_score(const GameRow& row) {
  if (row.winner == 0) return 1.0;
  if (row.winner < 0) return 0.5;
  return 0.0;
}

void Sprt::add(double difference) {
  ++n_;
  sum_ += difference;
  sum_squares_ += difference * difference;
}

double Sprt::llr(double mean_h1) const {
  if (n_ == 0) return 0.0;
  const double n = static_cast<double>(n_);
  const double mean = sum_ / n;
  // The sample's variance, floored at kVarianceFloor: a change that seldom alters a game gives
  // runs of differences of exactly 0, and a zero variance would settle on "no difference" after
  // a handful of games (or divide by zero). With the floor, identical settings settle on
  // "no difference" after about 2 ln(19) kVarianceFloor / delta^2 games (236 at delta 0.05).
  const double variance = std::max(sum_squares_ / n - mean * mean, kVarianceFloor);
  return n * ((mean * mean) - (mean - mean_h1) * (mean - mean_h1)) / (2.0 * variance);
}

bool Sprt::settled() const {
  if (n_ < kMinimum || delta_ <= 0.0) return false;
  const double up = llr(delta_);
  const double down = llr(-delta_);
  return up >= kAcceptH1 || down >= kAcceptH1 || (up <= kAcceptH0 && down <= kAcceptH0);
}

std::string Sprt::verdict(const std::vector<std::string>& sides) const {
  if (!settled()) return "undecided";
  if (llr(delta_) >= kAcceptH1) return fmt::format("b favours {}", sides.at(0));
  if (llr(-delta_) >= kAcceptH1)
    return sides.size() == 2 ? fmt::format("b favours {}", sides[1])
                             : fmt::format("b is worse for {}", sides.at(0));
  return fmt::format("no difference of {:g} or more", delta_);
}

nlohmann::json Sprt::to_json(const std::vector<std::string>& sides) const {
  return {{"delta", delta_},
          {"alpha", 0.05},
          {"beta", 0.05},
          {"bounds", pair_of(kAcceptH0, kAcceptH1)},
          {"llr_b_favours_first_side", llr(delta_)},
          {"llr_b_worse_for_first_side", llr(-delta_)},
          {"tasks", n_},
          {"settled", settled()},
          {"verdict", verdict(sides)}};
}

nlohmann::json summarise(const nlohmann::json& header, std::vector<GameRow> rows) {
  const auto sides = header.at("sides").get<std::vector<std::string>>();
  const auto agents = header.at("agents").get<std::vector<std::string>>();
  const auto labels = header.at("settings").get<std::vector<std::string>>();
  const bool swap = header.at("swap").get<bool>();
  const int games = header.at("games").get<int>();
  const int tasks = swap ? 2 * games : games;
  const int settings = static_cast<int>(labels.size());
  const double delta = header.at("sprt_delta").get<double>();
  std::sort(rows.begin(), rows.end(), [](const GameRow& a, const GameRow& b) {
    return a.task != b.task ? a.task < b.task : a.setting < b.setting;
  });
  // Walk the tasks in order: each must be there once per setting, up to the end or, comparing,
  // up to the task where the SPRT settled.
  std::vector<std::vector<const GameRow*>> by_setting(settings);
  std::vector<std::vector<double>> differences(1 + sides.size());  // score, then wins by side
  Sprt sprt(delta);
  std::size_t at = 0;
  bool stopped = false;
  for (int task = 0; task < tasks; ++task) {
    if (settings == 2 && sprt.settled()) {
      stopped = true;  // rows played past this point (in flight, or by shards) are left out
      break;
    }
    std::vector<const GameRow*> pair;
    while (at < rows.size() && rows[at].task == task) {
      const GameRow& row = rows[at++];
      if (row.setting < 0 || row.setting >= settings)
        throw std::invalid_argument(
            fmt::format("task {}: setting {} is not in the sweep", task, row.setting));
      if (static_cast<int>(pair.size()) != row.setting)
        throw std::invalid_argument(
            fmt::format("task {}: setting {} is given twice or out of order", task, row.setting));
      pair.push_back(&row);
    }
    if (static_cast<int>(pair.size()) != settings)
      throw std::invalid_argument(fmt::format("task {} of {} is missing", task, tasks));
    for (int s = 0; s < settings; ++s) by_setting[s].push_back(pair[s]);
    if (settings == 2) {
      differences[0].push_back(first_side_score(*pair[1]) - first_side_score(*pair[0]));
      for (std::size_t side = 0; side < sides.size(); ++side)
        differences[1 + side].push_back((pair[1]->winner == static_cast<int>(side) ? 1.0 : 0.0) -
                                        (pair[0]->winner == static_cast<int>(side) ? 1.0 : 0.0));
      sprt.add(differences[0].back());
    }
  }
  while (stopped && at < rows.size() && rows[at].task < tasks) ++at;
  if (at < rows.size())
    throw std::invalid_argument(
        fmt::format("task {} is not one of the sweep's {} tasks, or is "
                    "given twice",
                    rows[at].task, tasks));
  nlohmann::json out;
  if (settings == 1) {
    out = setting_summary(by_setting[0], sides, agents, swap);
  } else {
    out["settings"] = labels;
    out["a"] = setting_summary(by_setting[0], sides, agents, swap);
    out["b"] = setting_summary(by_setting[1], sides, agents, swap);
    const auto score = mean_interval(differences[0]);
    nlohmann::json wins = nlohmann::json::object();
    nlohmann::json wins_95 = nlohmann::json::object();
    for (std::size_t side = 0; side < sides.size(); ++side) {
      const auto w = mean_interval(differences[1 + side]);
      wins[sides[side]] = w.mean;
      wins_95[sides[side]] = pair_of(w.low, w.high);
    }
    out["difference"] = {{"tasks", static_cast<int>(differences[0].size())},
                         {"first_side", sides.at(0)},
                         {"first_side_score", score.mean},
                         {"first_side_score_95", pair_of(score.low, score.high)},
                         {"win_share", wins},
                         {"win_share_95", wins_95}};
    out["sprt"] = sprt.to_json(sides);
  }
  out["sides"] = sides;
  out["scenario"] = header.at("scenario");
  out["seed"] = header.at("seed");
  out["agents"] = agents;
  out["swap"] = swap;
  return out;
}

}  // namespace arap::ai
