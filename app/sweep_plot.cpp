#include "sweep_plot.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>

#include <fmt/format.h>

#include "table/svg.hpp"

namespace arap::app {

namespace {

constexpr double kWidth = 760.0;
constexpr double kLeft = 150.0;
constexpr double kRight = 70.0;
constexpr const char* kPalette[] = {"#e15759", "#4e79a7", "#59a14f", "#b07aa1"};
constexpr const char* kPaletteLight[] = {"#f4b3b4", "#a9c1dc", "#aed3a9", "#d9bfd3"};

struct Series {
  std::string label;
  std::string colour;
  std::vector<double> counts;
};

// One row of the results panel: a share per setting with its interval.
struct ResultRow {
  std::string label;
  std::string colour;
  std::string light;                        // the second setting's colour
  std::vector<std::array<double, 3>> bars;  // share, low, high, by setting
};

std::vector<ResultRow> result_rows(const std::vector<nlohmann::json>& settings,
                                   const std::vector<std::string>& sides) {
  std::vector<ResultRow> rows;
  for (std::size_t side = 0; side <= sides.size(); ++side) {
    const bool draws = side == sides.size();
    ResultRow row{draws ? std::string("draws") : sides[side] + " wins",
                  draws ? "#999" : kPalette[side % 4],
                  draws ? "#ccc" : kPaletteLight[side % 4],
                  {}};
    for (const auto& summary : settings) {
      const double games = std::max(1, summary.at("games").get<int>());
      const double count = draws ? summary.at("draws").get<double>()
                                 : summary.at("wins").at(sides[side]).get<double>();
      const auto& interval = draws ? summary.at("draw_95") : summary.at("win_95").at(sides[side]);
      row.bars.push_back({count / games, interval[0].get<double>(), interval[1].get<double>()});
    }
    rows.push_back(std::move(row));
  }
  // --swap: each agent's score over both seats.
  if (settings.front().contains("by_agent")) {
    const auto& agents = settings.front().at("by_agent");
    const bool same = agents[0].at("agent") == agents[1].at("agent");
    for (std::size_t a = 0; a < agents.size(); ++a) {
      ResultRow row{agents[a].at("agent").get<std::string>() +
                        (same ? (a == 0 ? " (1st)" : " (2nd)") : "") + " score",
                    "#59a14f",
                    "#aed3a9",
                    {}};
      for (const auto& summary : settings) {
        const auto& agent = summary.at("by_agent")[a];
        row.bars.push_back({agent.at("score").get<double>(), agent.at("score_95")[0].get<double>(),
                            agent.at("score_95")[1].get<double>()});
      }
      rows.push_back(std::move(row));
    }
  }
  return rows;
}

// Panel 1: the rows, a bar per setting with its whisker.
double results_panel(std::string& svg, double top, const std::vector<ResultRow>& rows,
                     const std::vector<std::string>& labels) {
  const double plot_w = kWidth - kLeft - kRight;
  const auto x_of = [&](double share) { return kLeft + std::clamp(share, 0.0, 1.0) * plot_w; };
  const std::size_t settings = labels.size();
  const double bar_h = settings > 1 ? 11.0 : 18.0;
  const double row_h = 10.0 + bar_h * static_cast<double>(settings);
  const double bottom = top + row_h * static_cast<double>(rows.size());
  svg += fmt::format(
      "<text x=\"16\" y=\"{:.1f}\" font-weight=\"bold\">Results (share of games; a score "
      "counts a draw as half a win; whiskers: 95 % Wilson interval)</text>\n",
      top - 10);
  for (int percent = 0; percent <= 100; percent += 25) {
    const double x = x_of(percent / 100.0);
    svg += fmt::format(
        "<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\" stroke=\"{3}\"/>\n"
        "<text x=\"{0:.1f}\" y=\"{4:.1f}\" text-anchor=\"middle\" fill=\"#444\">{5}%</text>\n",
        x, top, bottom, percent == 50 ? "#888" : "#ddd", bottom + 14, percent);
  }
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const auto& row = rows[r];
    const double y = top + row_h * static_cast<double>(r);
    svg += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"end\">{}</text>\n",
                       kLeft - 10, y + row_h / 2 + 4, table::xml_escape(row.label));
    for (std::size_t s = 0; s < row.bars.size(); ++s) {
      const auto& [share, low, high] = row.bars[s];
      const double by = y + 5 + bar_h * static_cast<double>(s);
      svg += fmt::format(
          "<rect x=\"{0:.1f}\" y=\"{1:.1f}\" width=\"{2:.1f}\" height=\"{3:.1f}\" fill=\"{4}\"/>\n"
          "<line x1=\"{5:.1f}\" y1=\"{6:.1f}\" x2=\"{7:.1f}\" y2=\"{6:.1f}\" stroke=\"#222\" "
          "stroke-width=\"1.5\"/>\n"
          "<text x=\"{8:.1f}\" y=\"{9:.1f}\" fill=\"#222\" font-size=\"11\">{10:.1f}%{11}</text>\n",
          kLeft, by, x_of(share) - kLeft, bar_h - 2, s == 0 ? row.colour : row.light, x_of(low),
          by + (bar_h - 2) / 2, x_of(high), x_of(high) + 5, by + bar_h - 3, 100.0 * share,
          settings > 1 ? " (" + table::xml_escape(labels[s]) + ")" : std::string());
    }
  }
  return bottom + 40;
}

// A step of 1, 2 or 5 times a power of ten giving at most five ticks up to `peak`.
double nice_step(double peak) {
  double step = 0.001;
  for (;;) {
    for (const double m : {1.0, 2.0, 5.0})
      if (peak / (step * m) <= 5.0) return step * m;
    step *= 10.0;
  }
}

// A histogram panel: counts by k, each series as a share of its games, bars side by side.
double histogram_panel(std::string& svg, double top, const std::string& title,
                       const std::string& x_label, const std::vector<Series>& series) {
  constexpr double kHeight = 150.0;
  std::size_t width = 1;
  double peak = 0.0;
  std::vector<std::vector<double>> shares;
  for (const auto& s : series) {
    double total = 0.0;
    for (const double c : s.counts) total += c;
    std::vector<double> share;
    for (const double c : s.counts) share.push_back(total > 0 ? c / total : 0.0);
    for (const double v : share) peak = std::max(peak, v);
    width = std::max(width, share.size());
    shares.push_back(std::move(share));
  }
  peak = std::max(peak, 0.01);
  const double plot_w = kWidth - kLeft - kRight;
  const double slot = plot_w / static_cast<double>(width);
  const double bar_w =
      std::max(1.0, slot * 0.8 / static_cast<double>(std::max<std::size_t>(1, series.size())));
  const double bottom = top + kHeight;
  svg += fmt::format("<text x=\"16\" y=\"{:.1f}\" font-weight=\"bold\">{}</text>\n", top - 10,
                     table::xml_escape(title));
  const double step = nice_step(peak);
  peak = std::ceil(peak / step - 1e-9) * step;
  for (double v = 0.0; v <= peak + 1e-12; v += step) {
    const double y = bottom - kHeight * v / peak;
    svg += fmt::format(
        "<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{2:.1f}\" y2=\"{1:.1f}\" stroke=\"#eee\"/>\n"
        "<text x=\"{3:.1f}\" y=\"{4:.1f}\" text-anchor=\"end\" fill=\"#444\">{5:.3g}%</text>\n",
        kLeft, y, kLeft + plot_w, kLeft - 6, y + 4, 100.0 * v);
  }
  const std::size_t label_every = std::max<std::size_t>(1, width / 20);
  for (std::size_t k = 0; k < width; ++k) {
    const double x0 = kLeft + slot * static_cast<double>(k) + slot * 0.1;
    for (std::size_t s = 0; s < series.size(); ++s) {
      const double v = k < shares[s].size() ? shares[s][k] : 0.0;
      if (v <= 0.0) continue;
      const double h = kHeight * v / peak;
      svg += fmt::format(
          "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"{}\"/>\n",
          x0 + bar_w * static_cast<double>(s), bottom - h, bar_w, h, series[s].colour);
    }
    if (k % label_every == 0)
      svg += fmt::format(
          "<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\" fill=\"#444\">{}</text>\n",
          kLeft + slot * (static_cast<double>(k) + 0.5), bottom + 14, k);
  }
  svg += fmt::format(
      "<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{2:.1f}\" y2=\"{1:.1f}\" stroke=\"#888\"/>\n"
      "<text x=\"{3:.1f}\" y=\"{4:.1f}\" text-anchor=\"middle\" fill=\"#444\">{5}</text>\n",
      kLeft, bottom, kLeft + plot_w, kLeft + plot_w / 2, bottom + 30, table::xml_escape(x_label));
  double legend_x = kLeft;
  for (const auto& s : series) {
    svg += fmt::format(
        "<rect x=\"{0:.1f}\" y=\"{1:.1f}\" width=\"10\" height=\"10\" fill=\"{2}\"/>\n"
        "<text x=\"{3:.1f}\" y=\"{4:.1f}\" font-size=\"11\">{5}</text>\n",
        legend_x, bottom + 38, s.colour, legend_x + 14, bottom + 47, table::xml_escape(s.label));
    legend_x += 24.0 + 7.0 * static_cast<double>(s.label.size());
  }
  return bottom + 80;
}

std::vector<double> counts_of(const nlohmann::json& array) {
  std::vector<double> out;
  for (const auto& v : array) out.push_back(v.get<double>());
  return out;
}

}  // namespace

std::string sweep_svg(const nlohmann::json& summary) {
  std::vector<nlohmann::json> settings;
  std::vector<std::string> labels;
  if (summary.contains("a")) {
    settings = {summary.at("a"), summary.at("b")};
    const auto names = summary.at("settings").get<std::vector<std::string>>();
    labels = {"a: " + names[0], "b: " + names[1]};
  } else {
    settings = {summary};
    labels = {""};
  }
  const auto sides = summary.at("sides").get<std::vector<std::string>>();
  const auto agents = summary.at("agents").get<std::vector<std::string>>();
  std::string subtitle = fmt::format(
      "{} games, seed {}, {} v {}{}", settings[0].at("games").get<int>(), summary.at("seed").dump(),
      agents[0], agents[1], summary.value("swap", false) ? ", seats swapped each seed" : "");
  if (summary.contains("sprt"))
    subtitle += fmt::format("; SPRT: {}", summary.at("sprt").at("verdict").get<std::string>());
  std::string svg;
  double y = results_panel(svg, 84.0, result_rows(settings, sides), labels);
  std::vector<Series> lengths;
  for (std::size_t s = 0; s < settings.size(); ++s)
    lengths.push_back({settings.size() > 1 ? labels[s] : "games", s == 0 ? "#76b7b2" : "#f28e2b",
                       counts_of(settings[s].at("turns_histogram"))});
  y = histogram_panel(svg, y + 10, "Game length", "turns played", lengths);
  std::vector<Series> lost;
  for (std::size_t s = 0; s < settings.size(); ++s)
    for (std::size_t side = 0; side < sides.size(); ++side)
      lost.push_back(
          {sides[side] + (settings.size() > 1 ? " (" + labels[s].substr(0, 1) + ")" : ""),
           s == 0 ? kPalette[side % 4] : kPaletteLight[side % 4],
           counts_of(settings[s].at("models_lost_histogram").at(sides[side]))});
  y = histogram_panel(svg, y + 10, "Models lost by each side", "models lost in the game", lost);
  return fmt::format(
             "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1:.0f}\" "
             "viewBox=\"0 0 {0} {1:.0f}\" font-family=\"DejaVu Sans, Arial, sans-serif\" "
             "font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
             "<text x=\"16\" y=\"24\" font-size=\"16\" font-weight=\"bold\">{2}: balance "
             "sweep</text>\n<text x=\"16\" y=\"44\" fill=\"#444\">{3}</text>\n",
             kWidth, y, table::xml_escape(summary.at("scenario").get<std::string>()),
             table::xml_escape(subtitle)) +
         svg + "</svg>\n";
}

}  // namespace arap::app
