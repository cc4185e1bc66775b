// Issue 17: odds drawn as SVG. Bars give P(exactly k), grouped side by side when several series
// are overlaid; a line with dots gives P(at least k) for each series. Percent axis 0..100.
#include "odds_plot.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <fmt/format.h>

#include "table/svg.hpp"

namespace arap::app {

namespace {

constexpr double kWidth = 760.0;
constexpr double kHeight = 440.0;
constexpr double kLeft = 64.0;
constexpr double kRight = 24.0;
constexpr double kTop = 78.0;
constexpr double kBottom = 56.0;
// Tableau 10: distinguishable, and readable by most colour-blind readers.
constexpr const char* kColours[] = {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2",
                                    "#59a14f", "#edc948", "#b07aa1", "#ff9da7"};

}  // namespace

std::string distribution_svg(const PlotText& text, const std::vector<PlotSeries>& series) {
  std::size_t count = 1;
  for (const auto& s : series) count = std::max(count, s.exactly.size());
  // Trailing values that would not show (under 0.05 %) are left off the axis.
  while (count > 1) {
    bool visible = false;
    for (const auto& s : series)
      if (count - 1 < s.exactly.size() && s.exactly[count - 1] >= 0.0005) visible = true;
    if (visible) break;
    --count;
  }
  const double plot_w = kWidth - kLeft - kRight;
  const double plot_h = kHeight - kTop - kBottom;
  const double slot = plot_w / static_cast<double>(count);
  const double y0 = kTop + plot_h;
  const auto y_of = [&](double p) { return y0 - std::clamp(p, 0.0, 1.0) * plot_h; };

  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
      "viewBox=\"0 0 {0} {1}\" font-family=\"DejaVu Sans, Arial, sans-serif\" font-size=\"12\">\n"
      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      "<text x=\"{2}\" y=\"24\" font-size=\"16\" font-weight=\"bold\">{3}</text>\n"
      "<text x=\"{2}\" y=\"44\" fill=\"#444\">{4}</text>\n",
      kWidth, kHeight, kLeft, table::xml_escape(text.title), table::xml_escape(text.subtitle));
  // Grid and the percent axis.
  for (int percent = 0; percent <= 100; percent += 20) {
    const double y = y_of(percent / 100.0);
    svg += fmt::format(
        "<line x1=\"{0}\" y1=\"{1:.1f}\" x2=\"{2}\" y2=\"{1:.1f}\" stroke=\"#ddd\"/>\n"
        "<text x=\"{3}\" y=\"{4:.1f}\" text-anchor=\"end\" fill=\"#444\">{5}%</text>\n",
        kLeft, y, kLeft + plot_w, kLeft - 6, y + 4, percent);
  }
  // Category labels; thinned so they never overlap.
  const std::size_t step =
      std::max<std::size_t>(1, static_cast<std::size_t>(std::ceil(24.0 / slot)));
  for (std::size_t k = 0; k < count; k += step) {
    svg += fmt::format(
        "<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\" fill=\"#444\">{}</text>\n",
        kLeft + slot * (static_cast<double>(k) + 0.5), y0 + 16, k);
  }
  svg += fmt::format(
      "<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\">{}</text>\n"
      "<text x=\"16\" y=\"{:.1f}\" text-anchor=\"middle\" transform=\"rotate(-90 16 {:.1f})\">"
      "probability</text>\n",
      kLeft + plot_w / 2, kHeight - 14, table::xml_escape(text.x_label), kTop + plot_h / 2,
      kTop + plot_h / 2);
  // Bars: P(exactly k).
  const double group = slot * 0.8;
  std::size_t with_bars = 0;
  for (const auto& s : series) with_bars += s.line_only ? 0 : 1;
  const double bar = group / static_cast<double>(std::max<std::size_t>(1, with_bars));
  for (std::size_t i = 0, slot_index = 0; i < series.size(); ++i) {
    if (series[i].line_only) continue;
    const std::size_t place = slot_index++;
    const char* colour = kColours[i % std::size(kColours)];
    for (std::size_t k = 0; k < count && k < series[i].exactly.size(); ++k) {
      const double p = series[i].exactly[k];
      if (p <= 0.0) continue;
      const double x =
          kLeft + slot * static_cast<double>(k) + slot * 0.1 + bar * static_cast<double>(place);
      svg += fmt::format(
          "<rect x=\"{:.2f}\" y=\"{:.2f}\" width=\"{:.2f}\" height=\"{:.2f}\" fill=\"{}\" "
          "fill-opacity=\"0.75\"><title>{}: exactly {}: {:.2f}%</title></rect>\n",
          x, y_of(p), std::max(bar - 1.0, 0.5), y0 - y_of(p), colour,
          table::xml_escape(series[i].label), k, 100.0 * p);
    }
  }
  // Lines: P(at least k).
  for (std::size_t i = 0; i < series.size(); ++i) {
    const char* colour = kColours[i % std::size(kColours)];
    const auto& exactly = series[i].exactly;
    std::vector<double> at_least(count, 0.0);
    double tail = 0.0;
    for (std::size_t k = exactly.size(); k-- > 0;) {
      tail += exactly[k];
      if (k < count) at_least[k] = std::min(1.0, tail);
    }
    std::string points;
    for (std::size_t k = 0; k < count; ++k)
      points += fmt::format("{:.2f},{:.2f} ", kLeft + slot * (static_cast<double>(k) + 0.5),
                            y_of(at_least[k]));
    svg += fmt::format(
        "<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2\" "
        "stroke-dasharray=\"6 3\"/>\n",
        points, colour);
    for (std::size_t k = 0; k < count; ++k)
      svg += fmt::format(
          "<circle cx=\"{:.2f}\" cy=\"{:.2f}\" r=\"3\" fill=\"{}\"><title>{}: at least {}: "
          "{:.2f}%</title></circle>\n",
          kLeft + slot * (static_cast<double>(k) + 0.5), y_of(at_least[k]), colour,
          table::xml_escape(series[i].label), k, 100.0 * at_least[k]);
  }
  svg += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"#444\"/>\n", kLeft,
                     y0, kLeft + plot_w);
  // Legend: one row per series, and the key to bars and lines.
  double lx = kLeft;
  const double ly = 62.0;
  for (std::size_t i = 0; i < series.size(); ++i) {
    const char* colour = kColours[i % std::size(kColours)];
    svg += fmt::format(
        "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"12\" height=\"12\" fill=\"{}\" "
        "fill-opacity=\"0.75\"/>\n<text x=\"{:.1f}\" y=\"{:.1f}\">{}</text>\n",
        lx, ly - 10, colour, lx + 16, ly, table::xml_escape(series[i].label));
    lx += 28.0 + 7.0 * static_cast<double>(series[i].label.size());
  }
  svg += fmt::format(
      "<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"end\" fill=\"#444\">bars: exactly k · "
      "dashed: at least k</text>\n",
      kLeft + plot_w, ly);
  svg += "</svg>\n";
  return svg;
}

void write_file_atomically(const std::string& path, const std::string& content) {
  const std::filesystem::path target(path);
  std::filesystem::path temporary = target;
  temporary += ".part";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) throw std::runtime_error(fmt::format("{}: cannot write the file", path));
    out << content;
    out.close();
    if (!out) throw std::runtime_error(fmt::format("{}: cannot write the file", path));
  }
  std::error_code error;
  std::filesystem::rename(temporary, target, error);
  if (error) {
    std::filesystem::remove(temporary, error);
    throw std::runtime_error(fmt::format("{}: cannot write the file", path));
  }
}

}  // namespace arap::app
