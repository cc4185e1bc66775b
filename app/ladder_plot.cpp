#include "ladder_plot.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "table/svg.hpp"

namespace arap::app {

std::string ladder_svg(const std::string& title, const std::vector<ai::Pairing>& pairings) {
  constexpr double kWidth = 760.0;
  constexpr double kLeft = 250.0;
  constexpr double kRight = 75.0;
  constexpr double kTop = 70.0;
  constexpr double kRow = 34.0;
  const double height = kTop + kRow * static_cast<double>(pairings.size()) + 50.0;
  const double plot_w = kWidth - kLeft - kRight;
  const auto x_of = [&](double score) { return kLeft + std::clamp(score, 0.0, 1.0) * plot_w; };
  int games = 0;
  for (const auto& p : pairings) games = std::max(games, p.games);
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
      "viewBox=\"0 0 {0} {1}\" font-family=\"DejaVu Sans, Arial, sans-serif\" font-size=\"12\">\n"
      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      "<text x=\"16\" y=\"24\" font-size=\"16\" font-weight=\"bold\">{2}</text>\n"
      "<text x=\"16\" y=\"44\" fill=\"#444\">score of the first agent (wins + draws / 2), "
      "{3} games a pairing, both seats; whiskers: 95 % Wilson interval</text>\n",
      kWidth, height, table::xml_escape(title), games);
  const double bottom = kTop + kRow * static_cast<double>(pairings.size());
  for (int percent = 0; percent <= 100; percent += 25) {
    const double x = x_of(percent / 100.0);
    svg += fmt::format(
        "<line x1=\"{0:.1f}\" y1=\"{1}\" x2=\"{0:.1f}\" y2=\"{2}\" stroke=\"{3}\"{4}/>\n"
        "<text x=\"{0:.1f}\" y=\"{5}\" text-anchor=\"middle\" fill=\"#444\">{6}%</text>\n",
        x, kTop - 6, bottom, percent == 50 ? "#888" : "#ddd",
        percent == 50 ? " stroke-dasharray=\"4 3\"" : "", bottom + 18, percent);
  }
  for (std::size_t i = 0; i < pairings.size(); ++i) {
    const auto& p = pairings[i];
    const double y = kTop + kRow * static_cast<double>(i);
    svg += fmt::format(
        "<text x=\"{0}\" y=\"{1:.1f}\" text-anchor=\"end\">{2} v {3}</text>\n"
        "<rect x=\"{4:.1f}\" y=\"{5:.1f}\" width=\"{6:.1f}\" height=\"18\" fill=\"#4e79a7\"/>\n"
        "<line x1=\"{7:.1f}\" y1=\"{8:.1f}\" x2=\"{9:.1f}\" y2=\"{8:.1f}\" stroke=\"#222\" "
        "stroke-width=\"1.5\"/>\n"
        "<text x=\"{10:.1f}\" y=\"{1:.1f}\" fill=\"#222\">{11:.1f}%</text>\n",
        kLeft - 10, y + 14, table::xml_escape(p.first), table::xml_escape(p.second), kLeft, y + 2,
        x_of(p.score) - kLeft, x_of(p.interval.low), y + 11, x_of(p.interval.high),
        x_of(p.interval.high) + 6, 100.0 * p.score);
  }
  svg += "</svg>\n";
  return svg;
}

}  // namespace arap::app
